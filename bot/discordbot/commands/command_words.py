"""Slash-command and option names for the catalogs (context ``"command name"``).

discord.py builds names from the code (``/table new``...); these markers only put
each name in the catalogs so ``translator.CommandTranslator`` can localise it.  A new
command or option name: add it here, extract, translate.  A game's own words (its
``/table new`` command and option names, its options' help) are in its plug-in
(``games/<game>/plugin.py``: ``command_words``, ``option_help``).
"""

from __future__ import annotations

from ...i18n import C_, N_

NAMES = (
    C_("command name", "table"), C_("command name", "new"), C_("command name", "join"),
    C_("command name", "leave"), C_("command name", "start"), C_("command name", "cancel"),
    C_("command name", "status"), C_("command name", "ai-add"),
    C_("command name", "ai-remove"), C_("command name", "kick"), C_("command name", "hand"),
    C_("command name", "play"), C_("command name", "move"), C_("command name", "rules"),
    C_("command name", "leaderboard"), C_("command name", "stats"),
    C_("command name", "recent"), C_("command name", "settings"),
    C_("command name", "count"), C_("command name", "game"), C_("command name", "language"),
    C_("command name", "level"), C_("command name", "pings"),
    C_("command name", "scope"), C_("command name", "stand-in"),
    C_("command name", "turn-seconds"), C_("command name", "user"),
    C_("command name", "pace"), C_("command name", "turn-hours"),
    C_("command name", "pictures"), C_("command name", "daily"),
    C_("command name", "mygames"), C_("command name", "season"), C_("command name", "info"),
    C_("command name", "length"), C_("command name", "days"),
    C_("command name", "tournament"), C_("command name", "withdraw"),
    C_("command name", "format"), C_("command name", "rounds"),
    C_("command name", "duplicate"), C_("command name", "starts"),
    C_("command name", "table-size"), C_("command name", "options"),
    C_("command name", "check-in"),
    # Hints and reviews (issue 39).
    C_("command name", "review"), C_("command name", "seat"), C_("command name", "hints"),
    C_("command name", "on"),
    # Accuracy and luck (issue 49).
    C_("command name", "by"),
    # Puzzles (issue 49).
    C_("command name", "puzzle"),
)

# Descriptions and choice names, as the commands give them in English (the translator looks
# each up in the catalogs; one changed in a command without changing it here stays English).
TEXTS = (
    N_("Tournaments in this channel"),
    N_("Open a tournament in this channel; players join with the button"),
    N_("The game"), N_("swiss, knockout or round-robin"),
    N_("Swiss only: rounds to play (default: enough for a clear winner)"),
    N_("live (the game's turn time) or slow (a day a turn)"),
    N_("Every table of a round plays the same deals"),
    N_("Minutes from now until it starts by itself (default: the host starts it)"),
    N_("Players at a table, where the game allows several"),
    N_("Game options as key=value, e.g. variant=normand"),
    N_("Minutes before the start when entrants must check in (needs starts)"),
    N_("The language of its messages and boards"),
    N_("Close entries and pair the first round (host or moderator)"),
    N_("Where this channel's tournament stands"),
    N_("Leave this channel's tournament (your game in play goes on with the AI in your seat)"),
    N_("Stop this channel's tournament (host or moderator)"),
    N_("Enter AI players (host or moderator, before the start)"), N_("How strong they play"),
    N_("How many to enter"),
    N_("swiss"), N_("knockout"), N_("round-robin"), N_("live"),
    N_("Open, join and run the card table in this channel"),
    N_("Open a table for a game in this channel"),
    N_("Take a seat at the table in this channel"),
    N_("Leave the table (during a game the AI takes your seat)"),
    N_("Seat AI players (host or moderator)"), N_("How strong the AI plays"),
    N_("How many AI seats to add"), N_("Remove the last AI seat (host or moderator)"),
    N_("Deal and start the game (host or moderator)"),
    N_("End the table without a result (host or moderator)"),
    N_("Remove a player (host or moderator); the AI takes their seat in a game"),
    N_("The player to remove"), N_("Who sits here, whose turn it is, the options"),
    N_("Seconds per turn, 0 = no timer"),
    N_("AI for timeouts and empty seats"), N_("Ping players when their turn starts"),
    N_("The board's language"), N_("slow: hours a turn, over days"),
    N_("Hours a turn at a slow table"), N_("slow"),
    N_("A picture of the table on the board"),
    N_("The rules of a game (only you see them)"), N_("Which game"),
    N_("Top rated players of a game"), N_("This server (default) or everywhere"),
    N_("Ratings and records of a player"), N_("Whose stats (default: yours)"),
    N_("Recently finished games in this channel"),
    N_("Your cards and moves here (only you see them)"),
    N_("Make your move at the table in this channel"),
    N_("Your move, e.g. 'play QH' or 'discard 7C 8D' (start typing for a list)"),
    N_("Your settings: turn pings, and pictures of your hand"),
    N_("on: your hand panel and hand DMs show a picture of your cards (default); off: text "
       "only"),
    N_("on: a message mentions you when your turn starts (default); off: no mention"),
    N_("By rating (default), or by mean accuracy per game"), N_("rating"), N_("accuracy"),
    N_("this server"), N_("everywhere"), N_("random"), N_("easy"), N_("normal"), N_("hard"),
    N_("the bot's"),
    N_("Rating seasons on this server"), N_("The running rating season on this server"),
    N_("Set how long this server's rating seasons last (server managers)"),
    N_("Days per season, 7 to 365; 0 = calendar months (the default)"),
    N_("All time (default), this season, or an earlier season (start typing for the list)"),
    N_("Today's deal, the same for everyone: play it privately, then compare"),
    N_("Which game: a whole game of Coins; one deal of the others, whose games are long"),
    N_("Your tables on this server, with links to their boards (only you see this)"),
    N_("Turn time, stand-in AI, pings, language, picture: before the start (host or "
       "moderator)"),
    N_("The hard AI's review of a finished game (only you see it)"),
    N_("A finished game (default: your last one here)"),
    N_("An AI seat of that game to review instead of yours (1 = first)"),
    N_("Hints for every player here (host, in the lobby)"),
    N_("on: a Hint button on every hand panel"),
    N_("Find the best move in a position from a real game (only you see it)"),
    N_("Which game (default: any)"),
    N_("Today's daily puzzle, the same for everyone (keeps your streak)"),
)
