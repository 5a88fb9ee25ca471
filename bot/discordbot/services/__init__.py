"""What players see, kept up to date: boards, live panels, hand DMs, pings, notes, tournaments."""
