"""kdyz_snim on Discord: presenter, controls, board image."""
