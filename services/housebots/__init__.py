"""House bots: bot directories the server itself runs on its live ladder
(``arena serve --house-bot NAME=PATH``), built and started in the sandbox, dialing the
gateway over a private unix socket, restarted whenever they die."""

from services.housebots.supervisor import HouseBot, HouseBots, build_house_bots, parse_house_bot

__all__ = ["HouseBot", "HouseBots", "build_house_bots", "parse_house_bot"]
