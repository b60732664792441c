"""REST handlers for interaction responses (callback + webhook) and application command sync."""

from __future__ import annotations

from typing import Any

from . import payloads
from .commands import CommandRegistry
from .errors import UNKNOWN_INTERACTION, UNKNOWN_WEBHOOK, ApiError, invalid_form
from .interactions import Interaction
from .model import World
from .server import Call, Reply, Router

WEBHOOK = "/webhooks/{application_id}/{token}"


class InteractionApi:
    def __init__(self, world: World, router: Router, commands: CommandRegistry) -> None:
        self.world = world
        self.commands = commands
        route = router.route
        route("POST", "/interactions/{interaction_id}/{token}/callback", interaction_response=True)(self.callback)
        route("POST", WEBHOOK, interaction_response=True)(self.followup)
        route("GET", WEBHOOK + "/messages/{message_id}", interaction_response=True)(self.get)
        route("PATCH", WEBHOOK + "/messages/{message_id}", interaction_response=True)(self.edit)
        route("DELETE", WEBHOOK + "/messages/{message_id}", interaction_response=True)(self.delete)

        for scope in ("/applications/{application_id}", "/applications/{application_id}/guilds/{guild_id}"):
            route("GET", scope + "/commands")(self.list_commands)
            route("PUT", scope + "/commands")(self.overwrite_commands)
            route("POST", scope + "/commands")(self.create_command)
            route("GET", scope + "/commands/{command_id}")(self.get_command)
            route("PATCH", scope + "/commands/{command_id}")(self.edit_command)
            route("DELETE", scope + "/commands/{command_id}")(self.delete_command)
        route("GET", "/applications/{application_id}/guilds/{guild_id}/commands/permissions")(lambda call: [])

    # --- interaction responses ------------------------------------------------------------------

    def _interaction(self, call: Call) -> Interaction:
        interaction = self.world.interactions.get(call.params["token"])
        if "interaction_id" in call.params:
            if interaction is None or str(interaction.id) != call.params["interaction_id"]:
                raise ApiError(404, UNKNOWN_INTERACTION, "Unknown interaction")
        elif interaction is None or call.params["application_id"] != str(self.world.bot.id):
            raise ApiError(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        return interaction

    def callback(self, call: Call) -> Any:
        interaction = self._interaction(call)
        body = call.body or {}
        if "type" not in body:
            raise invalid_form("type", "This field is required")
        result = interaction.handle_callback(int(body["type"]), body.get("data") or {}, call.uploads)
        with_response = call.query.get("with_response", "false").lower() in ("1", "true")
        return result if with_response else Reply()

    def followup(self, call: Call) -> Any:
        message = self._interaction(call).handle_followup(call.body or {}, call.uploads)
        wait = call.query.get("wait", "false").lower() in ("1", "true")
        return payloads.message(message) if wait else Reply()

    def get(self, call: Call) -> Any:
        return payloads.message(self._interaction(call).handle_get(call.params["message_id"]))

    def edit(self, call: Call) -> Any:
        message = self._interaction(call).handle_edit(call.params["message_id"], call.body or {}, call.uploads)
        return payloads.message(message)

    def delete(self, call: Call) -> Any:
        self._interaction(call).handle_delete(call.params["message_id"])
        return Reply()

    # --- application commands ---------------------------------------------------------------------

    def _scope(self, call: Call) -> int | None:
        if call.params["application_id"] != str(self.world.bot.id):
            raise ApiError(403, 50001, "Missing Access")
        guild_id = call.params.get("guild_id")
        if guild_id is None:
            return None
        guild = self.world.guilds.get(int(guild_id))
        if guild is None or guild.member(self.world.bot) is None:
            raise ApiError(403, 50001, "Missing Access")
        return guild.id

    def list_commands(self, call: Call) -> Any:
        return self.commands.in_scope(self._scope(call))

    def overwrite_commands(self, call: Call) -> Any:
        return self.commands.overwrite(self._scope(call), call.body or [])

    def create_command(self, call: Call) -> Any:
        return Reply(self.commands.create(self._scope(call), call.body or {}), 201)

    def get_command(self, call: Call) -> Any:
        return self.commands.get(self._scope(call), int(call.params["command_id"]))

    def edit_command(self, call: Call) -> Any:
        return self.commands.edit(self._scope(call), int(call.params["command_id"]), call.body or {})

    def delete_command(self, call: Call) -> Any:
        self.commands.delete(self._scope(call), int(call.params["command_id"]))
        return Reply()
