"""What players click on messages (buttons, selects, panels, the board's layout) and the answers."""
