"""midnighters on Discord: presenter, controls, board image."""
