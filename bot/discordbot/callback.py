"""An interaction's first answer, sent without asking Discord for the message back.

discord.py's ``InteractionResponse.send_message`` and ``edit_message`` ask for the
message their callback made or edited (``?with_response``), then parse it into a
``Message``, every component and attachment of it, for a return value our answers
never read: a live panel is edited later through the interaction's token, which needs
no message id.  At 2,000 busy tables the asking and the parsing were 2-3% of the
event loop's time, and the fake Discord (the load bench's other half) built each
reply.  ``respond`` sends the same request without asking (Discord answers
204 No Content) and marks the interaction answered as discord.py would.
"""

from __future__ import annotations

from typing import Any

import discord
from discord.http import Route
from discord.utils import MISSING
from discord.webhook.async_ import async_context, interaction_message_response_params


async def respond(interaction: discord.Interaction, *, update: bool, ephemeral: bool = False,
                  **message: Any) -> None:
    """Answer ``interaction`` with a new message (``update``: by editing the message its
    component is on); ``message``: ``send_message``'s or ``edit_message``'s keywords
    (content, embed, view, files or attachments, allowed_mentions).  Raises
    ``InteractionResponded`` if it is answered already, ``HTTPException`` if Discord
    refuses; the answer is then not marked made."""
    response = interaction.response
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    kind = (discord.InteractionResponseType.message_update if update
            else discord.InteractionResponseType.channel_message)
    flags = MISSING
    if ephemeral:
        flags = discord.MessageFlags._from_value(0)
        flags.ephemeral = True
    state = interaction._state
    params = interaction_message_response_params(
        type=kind.value, flags=flags, previous_allowed_mentions=state.allowed_mentions,
        **message)
    route = Route("POST", "/interactions/{webhook_id}/{webhook_token}/callback",
                  webhook_id=interaction.id, webhook_token=interaction.token)
    body: dict[str, Any] = ({"files": params.files, "multipart": params.multipart}
                            if params.files else {"payload": params.payload})
    http = state.http
    await async_context.get().request(route, session=interaction._session, proxy=http.proxy,
                                      proxy_auth=http.proxy_auth, **body)
    response._response_type = kind
