"""Protobuf conversion at the gateway edge: observation and options to wire messages.

Built only from an :class:`~engine.ark_nova.view.observation.Observation`, so it can carry
nothing the observation gate did not allow. Integer card ids become the card file's ids
("AN-401"). The option table maps every option type to its encoder. Never used on the
built-in path.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from arena.v1 import ark_nova_pb2 as pb

from engine.ark_nova.cards.catalog import ACTION_NAMES, ICON_NAMES
from engine.ark_nova.map.buildings import SIZE, TYPES, footprints
from engine.ark_nova.map.hexgrid import CELLS
from engine.ark_nova.map.maps import load_map
from engine.ark_nova.model.state import BONUS_TILES, UNIVERSITY_NAMES, Building
from engine.ark_nova.model.steps import Decline
from engine.ark_nova.rules import (
    act_animals,
    act_build,
    act_cards,
    act_sponsors,
    association,
    cardflow,
    custom,
    harbour,
    projects,
    setup,
    sponsor_play,
    tracks,
    turn,
    waza,
    zoo,
)
from engine.ark_nova.rules.association import DONATION_COSTS, TASK_NAMES
from engine.ark_nova.rules.scoring import victory_points
from engine.ark_nova.view.observation import Observation, PlayerView
from engine.toolkit.wire import OptionTableCodec
from engine.toolkit.wire_bytes import delimited

_CARD_IDS = tuple(f"AN-{card:03d}" for card in range(1000))


def card_id(card: int) -> str:
    """The card file's id of card number ``card`` ("AN-401")."""
    return _CARD_IDS[card] if 0 <= card < 1000 else f"AN-{card:03d}"


def _cell(idx: int) -> pb.ArkNovaCell:
    c, r = CELLS[idx]
    return pb.ArkNovaCell(col=c, row=r)


def _building(b: Building, state: int) -> pb.ArkNovaBuilding:
    return pb.ArkNovaBuilding(type=TYPES[b.code].name, anchor=_cell(b.anchor),
                              rotation=b.rotation, cells=[_cell(c) for c in b.cells],
                              state=state)


def _player(seat: int, v: PlayerView) -> pb.ArkNovaPlayer:
    msg = _player_without_buildings(seat, v)
    msg.buildings.extend(_building(b, st) for b, st in v.buildings)
    return msg


_BUILDING_FIELDS: dict[tuple[Building, int], bytes] = {}
_PLAYER_VIEWS = pb.ArkNovaObservation.DESCRIPTOR.fields_by_name["player_views"].number


def player_view_field(seat: int, v: PlayerView) -> bytes:
    """The ``player_views`` field of one seat's view, each building encoded once per
    process (a building and its state are immutable values)."""
    parts = [_player_without_buildings(seat, v).SerializeToString()]
    for placed in v.buildings:
        encoded = _BUILDING_FIELDS.get(placed)
        if encoded is None:
            if len(_BUILDING_FIELDS) >= 1 << 14:
                _BUILDING_FIELDS.clear()
            encoded = _BUILDING_FIELDS[placed] = pb.ArkNovaPlayer(
                buildings=[_building(*placed)]).SerializeToString()
        parts.append(encoded)
    return delimited(_PLAYER_VIEWS, b"".join(parts))


def _player_without_buildings(seat: int, v: PlayerView) -> pb.ArkNovaPlayer:
    msg = pb.ArkNovaPlayer(
        seat=seat, map=v.map_id, money=v.money, appeal=v.appeal,
        conservation=v.conservation, reputation=v.reputation, x_tokens=v.x_tokens,
        victory_points=victory_points(v.appeal, v.conservation), hand_size=v.hand_size,
        final_scoring_count=v.final_scoring_count, set_aside_count=v.set_aside_count,
        workers_active=v.workers_active, workers_total=v.workers_total,
        workers_on_tasks=list(v.workers_on),
        partner_zoos=[ICON_NAMES[c] for c in v.partner_zoos],
        universities=[UNIVERSITY_NAMES[k] for k in v.universities],
        icons=[pb.ArkNovaIconCount(icon=ICON_NAMES[i], count=k)
               for i, k in enumerate(v.icons) if k],
        animals=[card_id(c) for c in v.animals], sponsors=[card_id(c) for c in v.sponsors],
        housing=[pb.ArkNovaHousing(animal=card_id(a), building=max(b, -1), flock=b < 0)
                 for a, b in v.housing],
        pouched=[pb.ArkNovaCardCount(card=card_id(c), count=k) for c, k in v.pouched_counts],
        card_tokens=[pb.ArkNovaCardCount(card=card_id(c), count=k) for c, k in v.card_tokens],
        left_track_covered=[bool((v.left_tokens >> i) & 1) for i in range(7)],
        projects_supported=7 - v.left_tokens.bit_count(), supply_tokens=v.supply_tokens,
        waza_class=("", "small", "large")[v.waza], harbour_used=v.harbour_used,
    )
    for slot, action in enumerate(v.slots, start=1):
        msg.action_cards.add(
            action=ACTION_NAMES[action], slot=slot, upgraded=v.upgraded[action],
            venom=v.venom[action], constriction=v.constriction[action],
            multipliers=v.multipliers[action],
            inactive_multipliers=v.inactive_multipliers[action])
    return msg


def observation_message(obs: Observation) -> pb.ArkNovaObservation:
    msg = _shared_parts(obs)
    msg.player_views.extend(_player(i, v) for i, v in enumerate(obs.players))
    return msg


def _shared_parts(obs: Observation) -> pb.ArkNovaObservation:
    """The observation message without ``player_views``."""
    msg = _scalars(obs)
    msg.MergeFrom(_own_cards(obs))
    msg.MergeFrom(_table_cards(obs))
    return msg


def _scalars(obs: Observation) -> pb.ArkNovaObservation:
    costs = DONATION_COSTS[obs.players_count]
    return pb.ArkNovaObservation(
        seat=obs.seat, players=obs.players_count, map=obs.params.map_id,
        start_player=obs.start_player, active_player=obs.active, turn=obs.turn,
        decision_kind=obs.decision_kind, decision_prompt=obs.decision_prompt,
        deciding_seat=obs.deciding_seat, deck_size=obs.deck_size,
        unused_base_projects=obs.unused_base_count,
        break_position=obs.break_position, break_length=obs.break_length,
        break_due=obs.break_due, donations=obs.donations,
        next_donation_cost=costs[min(obs.donations, len(costs) - 1)],
        final_scoring_deck_size=obs.final_deck_size, cp10_reached=obs.cp10_reached,
        end_triggered=obs.end_triggered, turns_left=obs.turns_left, terminal=obs.terminal,
        solo_clock_tokens=obs.clock_size, solo_clock_left=obs.clock_left,
        solo_difficulty=obs.params.solo_difficulty if obs.players_count == 1 else "",
    )


def _own_key(obs: Observation) -> tuple[Any, ...]:
    return obs.hand, obs.final_scoring, obs.set_aside, obs.pouched


def _own_cards(obs: Observation) -> pb.ArkNovaObservation:
    """The seat's own cards (what ``_own_key`` holds)."""
    return pb.ArkNovaObservation(
        hand=[card_id(c) for c in obs.hand],
        final_scoring=[card_id(c) for c in obs.final_scoring],
        set_aside=[card_id(c) for c in obs.set_aside],
        pouched=[pb.ArkNovaPouch(card=card_id(k), cards=[card_id(c) for c in v])
                 for k, v in obs.pouched],
    )


def _table_key(obs: Observation) -> tuple[Any, ...]:
    return (obs.display, obs.discard, obs.project_levels, obs.base_projects,
            obs.project_row, obs.partner_zoos_available, obs.universities_available,
            obs.tiles_cp5, obs.tiles_cp8)


def _table_cards(obs: Observation) -> pb.ArkNovaObservation:
    """The cards and tiles on the table (what ``_table_key`` holds)."""
    return pb.ArkNovaObservation(
        display=[card_id(c) if c >= 0 else "" for c in obs.display],
        discard=[card_id(c) for c in obs.discard],
        projects=[pb.ArkNovaProject(card=card_id(c), levels=list(v))
                  for c, v in obs.project_levels],
        base_projects=[card_id(c) for c in obs.base_projects],
        project_row=[card_id(c) for c in obs.project_row],
        partner_zoos_available=[ICON_NAMES[c] for c in obs.partner_zoos_available],
        universities_available=[UNIVERSITY_NAMES[k] for k in obs.universities_available],
        bonus_tiles_cp5=list(obs.tiles_cp5), bonus_tiles_cp8=list(obs.tiles_cp8),
    )


# Parts of the message that change now and then: (name, content, encoder).
_CARD_PARTS = (("own", _own_key, _own_cards), ("table", _table_key, _table_cards))


# ----------------------------------------------------------------------------- options

Encoder = Callable[[Observation, Any], pb.ArkNovaOption]


def _option(field: str, value: Any) -> pb.ArkNovaOption:
    """An option message with ``field`` (one of its ``choice`` oneof) set to ``value``."""
    fields: dict[str, Any] = {field: value}
    return pb.ArkNovaOption(**fields)


def _card(field: str) -> Encoder:
    return lambda obs, o: _option(field, pb.ArkNovaCardRef(card=card_id(o.card)))


def _folder(field: str) -> Encoder:
    def encode(obs: Observation, o: Any) -> pb.ArkNovaOption:
        ref = pb.ArkNovaCardRef(card=card_id(obs.display[o.folder - 1]), folder=o.folder)
        return _option(field, ref)
    return encode


def _action(field: str) -> Encoder:
    return lambda obs, o: _option(field, pb.ArkNovaActionRef(action=ACTION_NAMES[o.action]))


def _choice(field: str, name: Callable[[Any], str]) -> Encoder:
    return lambda obs, o: _option(field, pb.ArkNovaChoice(name=name(o)))


def _building_ref(field: str) -> Encoder:
    return lambda obs, o: _option(field, pb.ArkNovaBuildingRef(
        type=TYPES[o.building].name, size=SIZE[o.building]))


def _step(obs: Observation) -> Any:
    return obs.steps[-1]


def _anchor(obs: Observation, o: zoo.AnchorAt) -> pb.ArkNovaOption:
    return pb.ArkNovaOption(anchor=pb.ArkNovaPlacement(anchor=_cell(o.cell)))


def _rotation(obs: Observation, o: zoo.RotateTo) -> pb.ArkNovaOption:
    step = _step(obs)
    assert isinstance(step, zoo.PlaceRotation)
    m = load_map(obs.players[step.seat].map_id)
    fp = next(f for f in footprints(m, TYPES[step.code].shape)
              if f.p.anchor == step.anchor and f.p.rotation == o.rotation)
    return pb.ArkNovaOption(rotation=pb.ArkNovaPlacement(
        anchor=_cell(step.anchor), rotation=o.rotation, cells=[_cell(c) for c in fp.p.cells]))


def _draw(obs: Observation, o: act_cards.DrawCards) -> pb.ArkNovaOption:
    step = _step(obs)
    n, d = act_cards.draw_discard(step.side2, step.strength)
    return pb.ArkNovaOption(draw_cards=pb.ArkNovaDraw(draw=n, discard=d))


def _break_money(obs: Observation, o: act_sponsors.BreakForMoney) -> pb.ArkNovaOption:
    step = _step(obs)
    return pb.ArkNovaOption(break_for_money=pb.ArkNovaCount(
        count=step.strength * (2 if step.side2 else 1)))


def _donate(obs: Observation, o: association.Donate) -> pb.ArkNovaOption:
    costs = DONATION_COSTS[obs.players_count]
    return pb.ArkNovaOption(donate=pb.ArkNovaCount(
        count=costs[min(obs.donations, len(costs) - 1)]))


def _support(obs: Observation, o: projects.SupportProject) -> pb.ArkNovaOption:
    return pb.ArkNovaOption(support_project=pb.ArkNovaCardRef(card=card_id(o.card),
                                                              folder=o.folder))


def _level(obs: Observation, o: projects.ProjectLevel) -> pb.ArkNovaOption:
    step = _step(obs)
    cp, rep = obs.cards[step.card].rewards[o.level]
    return pb.ArkNovaOption(project_level=pb.ArkNovaProjectLevel(
        level=o.level, conservation=cp, reputation=rep))


def _left_token(obs: Observation, o: projects.LeftToken) -> pb.ArkNovaOption:
    space = load_map(obs.players[obs.seat].map_id).left_track[o.space]
    return pb.ArkNovaOption(left_token=pb.ArkNovaLeftToken(
        space=o.space, bonus=space.bonus, recurring=space.recurring))


def _extra_bonus(obs: Observation, o: custom.ExtraBonusCell) -> pb.ArkNovaOption:
    bonus = load_map(obs.players[obs.seat].map_id).bonus[o.cell] or ""
    return pb.ArkNovaOption(extra_bonus=pb.ArkNovaBonusCell(cell=_cell(o.cell), bonus=bonus))


def _none(field: str) -> Encoder:
    return lambda obs, o: _option(field, pb.ArkNovaNone())


class ArkNovaCodec(OptionTableCodec):
    """WireCodec for ``arena.v1.ArkNovaObservation`` / ``...Option``."""

    field: ClassVar[str] = "ark_nova"
    # Engine values: the card set comes from MatchStart's config (no log to send in pieces).
    VALUE_CONTEXT = ("cards",)
    OPTIONS: ClassVar[Mapping[type, Encoder]] = {
        turn.UseCard: _action("use_card"),
        turn.TakeX: _action("take_x_token"),
        turn.SpendX: lambda obs, o: pb.ArkNovaOption(
            spend_x_tokens=pb.ArkNovaCount(count=o.count)),
        turn.MultiplierOn: _action("multiplier_on"),
        turn.CardToSlot: lambda obs, o: pb.ArkNovaOption(card_to_slot=pb.ArkNovaCardToSlot(
            action=ACTION_NAMES[o.action], slot=o.slot)),
        turn.Hypnotise: lambda obs, o: pb.ArkNovaOption(
            hypnotise=pb.ArkNovaSeatRef(seat=o.target)),
        tracks.Upgrade: _action("upgrade"),
        tracks.CpTwoChoice: _choice("cp2_bonus",
                                    lambda o: "hire_worker" if o.worker else "upgrade"),
        tracks.BonusTile: _choice(
            "bonus_tile", lambda o: BONUS_TILES[o.tile] if o.tile >= 0 else "money_5"),
        tracks.DiscardFinalCard: _card("discard_final_scoring"),
        cardflow.FromDeck: _none("from_deck"),
        cardflow.FromFolder: _folder("from_folder"),
        cardflow.SnapFolder: _folder("snap"),
        cardflow.RefillFirst: _none("refill_display"),
        cardflow.DiscardCard: _card("discard"),
        cardflow.KeepCard: _card("keep"),
        zoo.AnchorAt: _anchor,
        zoo.RotateTo: _rotation,
        zoo.FreeBuilding: _building_ref("free_building"),
        zoo.MoveAnimal: _card("move_animal_in"),
        zoo.PouchCard: _card("pouch"),
        zoo.SellCard: _card("sell"),
        act_cards.DrawCards: _draw,
        act_cards.SnapInstead: _folder("snap_instead"),
        act_sponsors.BreakForMoney: _break_money,
        act_sponsors.PlaySponsor: _card("play_sponsor"),
        act_sponsors.PlaySponsorFromFolder: _folder("play_sponsor"),
        act_animals.PlayAnimal: _card("play_animal"),
        act_animals.PlayAnimalFromFolder: _folder("play_animal"),
        act_animals.HouseIn: lambda obs, o: pb.ArkNovaOption(house_in=pb.ArkNovaHousingRef(
            building=max(o.building, -1), flock=o.building < 0)),
        waza.PlaySmallAnimal: _card("play_small_animal"),
        waza.TakeSmallAnimal: _folder("take_small_animal"),
        act_build.BuildType: _building_ref("build"),
        act_build.EngineerCopy: _building_ref("engineer_copy"),
        association.DoTask: _choice("association_task", lambda o: TASK_NAMES[o.task]),
        association.Donate: _donate,
        association.PartnerZoo: _choice("partner_zoo", lambda o: ICON_NAMES[o.continent]),
        association.University: _choice("university", lambda o: UNIVERSITY_NAMES[o.kind]),
        projects.SupportProject: _support,
        projects.ProjectLevel: _level,
        projects.ReleaseAnimal: _card("release_animal"),
        projects.LeftToken: _left_token,
        custom.DigFolder: _folder("dig_display"),
        custom.DigHandCard: _card("dig_hand"),
        custom.TakeBaseProjectCard: _card("take_base_project"),
        custom.PilferFrom: lambda obs, o: pb.ArkNovaOption(
            pilfer_from=pb.ArkNovaSeatRef(seat=o.target)),
        custom.Give: _choice("give", lambda o: ("money", "card", "all_money")[o.what]),
        waza.WazaChoice: _choice("waza_class", lambda o: "large" if o.large else "small"),
        custom.ExtraBonusCell: _extra_bonus,
        sponsor_play.PlaySponsorForMoney: _card("sponsor_for_money"),
        setup.KeepStartingCard: _card("keep_starting_card"),
        harbour.UseHarbour: _none("use_harbour"),
        harbour.SellAtHarbour: _card("harbour_sell"),
        Decline: _none("decline"),
    }

    def __init__(self) -> None:
        # Per seat: the last player view encoded and its ``player_views`` field. A view
        # changes only when its seat acts, and is the costly part of the message.
        self._views: dict[int, tuple[PlayerView, bytes]] = {}
        # The seat's own cards and the table's, with the content they encode.
        self._parts: dict[str, tuple[Any, bytes]] = {}

    def observation(self, observation: Observation, since: None = None) -> pb.ArkNovaObservation:
        """The observation message (Ark Nova has no log: ``since`` is always None)."""
        return observation_message(observation)

    def observation_bytes(self, observation: Observation, since: None = None) -> bytes:
        """The serialized message; a player view re-encoded only when it changed."""
        parts = [_scalars(observation).SerializeToString()]
        for name, key, build in _CARD_PARTS:
            content = key(observation)
            last = self._parts.get(name)
            if last is None or last[0] != content:
                last = self._parts[name] = (content, build(observation).SerializeToString())
            parts.append(last[1])
        for seat, view in enumerate(observation.players):
            last = self._views.get(seat)
            if last is None or last[0] != view:
                last = self._views[seat] = (view, player_view_field(seat, view))
            parts.append(last[1])
        return b"".join(parts)
