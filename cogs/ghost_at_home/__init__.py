"""ghost_at_home on Discord: presenter, controls, board image."""
