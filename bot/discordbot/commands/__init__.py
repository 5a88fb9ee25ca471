"""Slash commands: one module per command or group, each built with the collaborators it uses."""
