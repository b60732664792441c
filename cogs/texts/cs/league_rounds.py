"""Czech: kola ligy, která běží sama (issue 47 §1) — rozpis kola a zpráva každému hráči, konec kola
a konečné pořadí, a co správce ligy odmítne."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    # --- rozpis kola (kanál ligy) a zpráva každému hráči ------------------------------------------
    "league_run.pairings": "📋 **{league}** — začalo {round}. kolo z {rounds}. Dohrajte své hry do {deadline}.",
    "league_run.pairings.table": "• Stůl {number}: {players} — {where}",
    "league_run.pairings.forfeit": "• Stůl {number}: {players} — bez hry: hráč z ligy odstoupil (kontumace)",
    "league_run.pairings.bye": "• {player} má v tomto kole volno.",
    "league_run.dm.table": "📋 **{league}**, {round}. kolo: hraješ s {opponents}. Tvoje hra: {link}",
    "league_run.dm.bye": "📋 **{league}**, {round}. kolo: v tomto kole máš volno, nehraješ žádnou hru.",
    # --- konec kola a konec ligy --------------------------------------------------------------------
    "league_run.round_over": "🏁 **{league}**: {round}. kolo z {rounds} skončilo. Pořadí:",
    "league_run.finished": "🏆 **{league}** skončila! Vítězem je {winner}. Konečné pořadí:",
    "league_run.finished.shared": "🏆 **{league}** skončila! O první místo se dělí {winners}. Konečné pořadí:",
    "league_run.standing": "{place} {player} — {points}",
    "league_run.standing.withdrawn": "{place} {player} — {points}, odstoupil(a)",
    "league_run.points.one": "{n} bod",
    "league_run.points.few": "{n} body",
    "league_run.points.many": "{n} bodu",
    "league_run.points.other": "{n} bodů",
    # --- hráč odchází z rozehrané ligy ---------------------------------------------------------------
    "league_run.withdrew": "👋 **{league}**: {player} z ligy odstoupil(a). Nedohrané hry a zbylá kola "
    "se započítají kontumačně (výhra soupeřů).",
    "league_run.left_game": "👋 {player} opouští ligu **{league}**, a s ní i tuto hru.",
    "league_run.closed_game.draw": "🔒 {organizer} uzavírá {round}. kolo ligy **{league}** po termínu. Tato hra "
    "končí nedohraná a jejím hráčům se počítá jako remíza.",
    "league_run.closed_game.loss": "🔒 {organizer} uzavírá {round}. kolo ligy **{league}** po termínu. Tato hra "
    "končí nedohraná a všem jejím hráčům se počítá jako prohra.",
    "league_run.closed_game.forfeit": "🔒 {organizer} uzavírá {round}. kolo ligy **{league}** po termínu. Tato "
    "hra končí nedohraná a všem jejím hráčům se počítá jako kontumační prohra.",
    "league_run.removed": "👋 **{league}**: {player} byl(a) z ligy vyřazen(a) pořadatelem. Nedohrané hry "
    "a zbylá kola se započítají kontumačně (výhra soupeřů).",
    # --- kolo po termínu (pořadatel upozorněn, jednou) ---------------------------------------------
    "league_run.due.one": "⏰ **{league}**: termín {round}. kola z {rounds} uplynul a {n} hra se ještě hraje. "
    "{organizer}: kolo teď lze uzavřít příkazem `{cmd_league_close}`, nedohraná hra se pak hodnotí podle pravidla ligy pro nedohrané hry.",
    "league_run.due.few": "⏰ **{league}**: termín {round}. kola z {rounds} uplynul a {n} hry se ještě hrají. "
    "{organizer}: kolo teď lze uzavřít příkazem `{cmd_league_close}`, nedohrané hry se pak hodnotí podle pravidla ligy pro nedohrané hry.",
    "league_run.due.other": "⏰ **{league}**: termín {round}. kola z {rounds} uplynul a {n} her se ještě hraje. "
    "{organizer}: kolo teď lze uzavřít příkazem `{cmd_league_close}`, nedohrané hry se pak hodnotí podle pravidla ligy pro nedohrané hry.",
    # --- co správce ligy odmítne -------------------------------------------------------------------
    "league_run.refused.no_league": "Taková liga tu není.",
    "league_run.refused.not_signup": "Tato liga už začala nebo skončila: znovu ji spustit nejde.",
    "league_run.refused.start.too_few_players": "Liga potřebuje ke startu aspoň {least} hráčů; "
    "přihlášených je {count}.",
    "league_run.refused.start.too_many_rounds": "Švýcarský systém o {rounds} kolech potřebuje víc hráčů: "
    "s těmito lze bez opakovaných her odehrát nejvýš {most} kol.",
    "league_run.refused.not_running": "Tato liga se teď nehraje.",
    "league_run.refused.not_player": "Tento člen v lize nehraje.",
    "league_run.refused.withdrawn": "Tento hráč už z ligy odstoupil.",
    "league_run.refused.not_due": "Kolo lze uzavřít v jeho termínu, {deadline}, nebo později.",
    "league_run.refused.opening": "Hry kola se ještě zakládají; zkus to za chvíli znovu.",
    "league_run.refused.busy": "Liga se právě v tu chvíli změnila; nic se nestalo, zkus to prosím znovu.",
}
