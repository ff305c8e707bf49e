"""midnight_hunt on Discord: presenter, controls, board image."""
