"""How each kind of step changes a Lucky 13 scene: create, skill, spec, check, contest,
attack, damage, heal, initiative, advancement, reputation, mode, say, ask, end."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .advancement import award, buy_specialization, change_reputation, raise_ability
from .beats import attack_beats, check_beats, contest_beats, health_beats
from .character import ABILITIES, ARRAYS, Ability, Background, Character, Impairment, Specialization, ability_for_percentile, assign_array, assist_steps, create_character, parse_ability
from .checks import TARGET, Edge, Mode, PoolRoll, check, contest, difficulty_die
from .combat import Armor, Weapon, attack, attack_pool, defense_pool, roll_initiative
from .dice import ABILITY, ACCURACY, D6, DEFENSE, DIFFICULTY, EXTRA, NONE, SKILL, Die, Pool, as_die, single_die
from .records import COMBAT_SKILLS, Gear, MAX_STEPS, Outcome, SceneError, _clean, _whole, counted, die_text, difficulty_label, parse_ability_word, roll_text, sheet_line


#: A skill given as ``Skill=none`` is taken off (``skill`` steps only).
NO_SKILL = ("none", "-")


def _skill_die(key: str, how: Any, abilities: Mapping[Ability, Die], chance, notes: list[str]) -> Die:
    """A skill's die as at creation: a die, an ability's die, or ``roll`` (d100, R21)."""
    how_l = str(how).strip().lower()
    if how_l == "roll":
        r = chance.roll(100)
        notes.append(f"{key}: d100 {r % 100:02d} → {ability_for_percentile(r)}")
        return ability_for_percentile(r)
    try:
        return abilities[parse_ability_word(how_l)]
    except SceneError:
        pass
    try:
        return single_die(how, key, SceneError)
    except SceneError:
        raise SceneError(f"{key}={how}: a skill starts at a die d4–d12, an ability's die (e.g. "
                         f"{key}=pulse) or a d100 roll ({key}=roll)") from None


class SceneSteps:
    """The scene's step handlers (``_op_<kind>``) and what they share; mixed into
    :class:`~solo.lucky13.session.Scene`."""

    def _actor(self, name: str) -> Character:
        ch = self.character(name)
        if ch.health.dead:
            raise SceneError(f"{name} is dead")
        if ch.health.dying:
            raise SceneError(f"{name} is dying and unconscious (heal or stabilise first)")
        return ch

    def _mods(self, o: Mapping[str, Any], skill_rolled: bool = True) -> tuple[int, int, Edge, list[Die]]:
        """Ability and Skill steps, edge and added dice from the options ``o``. An assist steps
        the Skill die of a skill task and the Ability die of an ability task (R36): the task is
        an ability task when ``assist_on`` says so, or when no skill is rolled."""
        a = _whole(o.get("a", 0), "ability steps", -MAX_STEPS, MAX_STEPS)
        s = _whole(o.get("s", 0), "skill steps", -MAX_STEPS, MAX_STEPS)
        e = o.get("edge", 0)
        if e not in (-1, 0, 1):
            raise SceneError(f"edge is -1 (disadvantage), 0 or 1 (advantage), got {e!r}")
        extra = [as_die(x) for x in o.get("extra") or []]
        if len(extra) > 3 or any(not d.is_single for d in extra):
            raise SceneError("at most three added dice, each d4–d12")
        assist = o.get("assist")
        if assist is not None:
            on = o.get("assist_on") or ("skill" if skill_rolled else "ability")
            if on not in ("ability", "skill"):
                raise SceneError(f"an assist steps the ability or the skill die, not {on!r}")
            if on == "ability":
                a += assist_steps(as_die(assist))
            else:
                s += assist_steps(as_die(assist))
        return a, s, Edge(e), extra

    def side_dice(self, ch: Character, ability: str, skill: str | None, o: Mapping[str, Any]) -> tuple[Die, Die, dict, Edge, list[Die]]:
        """Ability and Skill dice for one roller, modifiers applied, and their labels."""
        a_steps, s_steps, edge, extra = self._mods(o, skill_rolled=skill is not None)
        ab = parse_ability(ability)
        ab_die = ch.ability(ab).stepped(a_steps)
        spec = o.get("spec")
        asset = o.get("asset")
        if skill is not None:
            key = ch._skill_key(skill)
            sk_die = ch.skill_die(key, specialization=spec, asset=asset, steps=s_steps)
            label = key
            if spec is not None:
                sp = ch.specialization(spec)
                label = f"{key}/{sp.name} {sp.level}"
        else:
            if spec is not None:
                raise SceneError("a specialization steps a skill: name the skill too")
            sk_die = NONE.stepped(s_steps) if s_steps > 0 else NONE
            if asset is not None:
                from .character import with_asset

                sk_die = with_asset(sk_die, asset)
            label = "no skill"
        labels = {ABILITY: ab.value, SKILL: label, EXTRA: "added"}
        return ab_die, sk_die, labels, edge, extra

    def _hurt(self, name: str, before: Character, after_health, source: str, attacker: str | None,
              amount: int, out: Outcome) -> None:
        h0 = before.health
        self.characters[name] = replace(before, health=after_health)
        h1 = after_health
        change = f"{name} {h0.hp} → {h1.hp} hp"
        if h1.pulse != h0.pulse:
            change += f", Pulse {h0.pulse} → {h1.pulse}"
        if h1.dead:
            change += f" — dead (death at {h1.death_at})"
        elif h1.dying:
            change += f" — dying{', stable' if h1.stable else ''} (death at {h1.death_at})"
        elif h1.stable and not h0.stable:
            change += " — stabilised"
        out.lines.append(change)
        out.beats += health_beats(name, h0, h1, source, attacker, amount, self._common())

    def _count_roll(self, roll: PoolRoll) -> None:
        self.stats["explosions"] += sum(1 for d in roll.dice if d.exploded)
        self.stats["dilemmas"] += 1 if roll.dilemma else 0

    # ------------------------------------------------------------------ steps

    def _op_create(self, args: dict, chance) -> Outcome:
        name = _clean(args.get("name"), "a character name")
        if name.lower() in (n.lower() for n in self.characters):
            raise SceneError(f"there is already a character called {name!r}")
        method = str(args.get("method", "custom")).lower()
        given: dict[Ability, Die] = {}
        for k, v in (args.get("abilities") or {}).items():
            a = parse_ability_word(k)
            if a in given:
                raise SceneError(f"{a.value} is given twice")
            given[a] = as_die(v)
        notes: list[str] = []
        if method == "random":
            if given:
                raise SceneError("the random method rolls every ability (d100 each): give no ability dice")
            rolls = {a: chance.roll(100) for a in ABILITIES}
            abilities = {a: ability_for_percentile(r) for a, r in rolls.items()}
            notes.append("d100: " + ", ".join(f"{a.value} {r % 100:02d} → {abilities[a]}" for a, r in rolls.items()))
        elif method in ARRAYS:
            beyond = Counter(given.values()) - Counter(ARRAYS[method])
            if beyond:
                bad = ", ".join(f"{a.value.lower()}={d}" for a, d in given.items() if d in beyond)
                raise SceneError(f"the {method} array is {' '.join(str(d) for d in ARRAYS[method])}, one die per "
                                 f"ability: {bad} is not left in it")
            left = Counter(ARRAYS[method]) - Counter(given.values())
            missing = [a for a in ABILITIES if a not in given]
            rest = sorted(left.elements(), reverse=True)
            full = dict(given)
            if len(rest) == len(missing) and sum(Counter(given.values()).values()) + len(rest) == 5:
                full.update(zip(missing, rest))
                if missing and given:
                    notes.append("the rest of the " + method + " array in ability order: " +
                                 ", ".join(f"{a.value} {d}" for a, d in zip(missing, rest)))
                elif missing:
                    notes.append(f"the {method} array in ability order, largest first")
            abilities = assign_array(method, full)
        elif method == "custom":
            abilities = {a: given.get(a, D6) for a in ABILITIES}
            defaults = [a.value for a in ABILITIES if a not in given]
            if defaults:
                notes.append(f"{', '.join(defaults)} not given: d6")
        else:
            raise SceneError(f"no creation method {method!r} (random, balanced, specialized, custom)")
        skills: dict[str, Die] = {}
        for item in args.get("skills") or []:
            sk_name, how = item
            key = _clean(sk_name, "a skill name", 30)
            if key.lower() in (k.lower() for k in skills):
                raise SceneError(f"skill {key!r} is given twice")
            skills[key] = _skill_die(key, how, abilities, chance, notes)
        specs = []
        for item in args.get("specs") or []:
            sk, sp = item
            keys = [k for k in skills if k.lower() == str(sk).strip().lower()]
            if not keys:
                raise SceneError(f"specialization {sp!r} falls within {sk!r}, which {name} does not have "
                                 f"(skills: {', '.join(skills) or 'none'})")
            specs.append((keys[0], _clean(sp, "a specialization name", 30)))
        bg = args.get("background")
        imps = [Impairment(_clean(i, "an impairment", 40)) for i in args.get("impairments") or []]
        ch = create_character(name, abilities, skills, specs, allowance=self.allowance,
                              background=Background(_clean(bg, "a background", 40)) if bg else None,
                              impairments=imps)
        weapons = []
        for item in args.get("weapons") or []:
            wn, acc, dmg = item
            weapons.append(Weapon(_clean(wn, "a weapon name", 30), as_die(acc), as_die(dmg)))
        armor = None
        if args.get("armor"):
            an, die = args["armor"]
            armor = Armor(_clean(an, "an armor name", 30), as_die(die))
        gear = Gear(tuple(weapons), armor)
        self.characters[name] = ch
        self.gear[name] = gear
        self.starting[name] = tuple(s.name for s in ch.specializations)
        out = Outcome("create", heading=f"{name} joins", lines=[sheet_line(ch, gear)], notes=notes)
        out.summary = f"{name} joins: {sheet_line(ch, gear)}"
        return out

    def _op_weapon(self, args: dict, chance) -> Outcome:
        who = self.character(args["who"]).name
        w = Weapon(_clean(args["name"], "a weapon name", 30), as_die(args["accuracy"]), as_die(args["damage"]))
        g = self.gear.get(who, Gear())
        weapons = tuple(x for x in g.weapons if x.name.lower() != w.name.lower()) + (w,)
        self.gear[who] = replace(g, weapons=weapons)
        line = f"{who} carries {w.name}: Accuracy {w.accuracy}, Damage {w.damage}"
        return Outcome("weapon", lines=[line], summary=line)

    def _op_armor(self, args: dict, chance) -> Outcome:
        who = self.character(args["who"]).name
        g = self.gear.get(who, Gear())
        if args.get("name") is None:
            if g.armor is None:
                raise SceneError(f"{who} wears no armor")
            self.gear[who] = replace(g, armor=None)
            line = f"{who} takes off {g.armor.name}"
        else:
            a = Armor(_clean(args["name"], "an armor name", 30), as_die(args["die"]))
            self.gear[who] = replace(g, armor=a)
            line = f"{who} wears {a.name}: Defensive Die {a.die}"
        return Outcome("armor", lines=[line], summary=line)

    def _op_skill(self, args: dict, chance) -> Outcome:
        """Add, change or take off skills of a character made already (R38)."""
        who = self.character(args["who"]).name
        ch = self.characters[who]
        skills, changes, notes, seen = dict(ch.skills), [], [], set()
        for sk_name, how in args.get("skills") or []:
            key = next((k for k in skills if k.lower() == str(sk_name).strip().lower()), None)
            key = key or _clean(sk_name, "a skill name", 30)
            if key.lower() in seen:
                raise SceneError(f"skill {key!r} is given twice")
            seen.add(key.lower())
            changes.append(self._set_skill(ch, skills, key, how, chance, notes))
        if not changes:
            raise SceneError(f"name a skill for {who}, e.g. Stealth=reflex")
        self.characters[who] = replace(ch, skills=skills)
        line = f"{who}: {', '.join(changes)}"
        out = Outcome("skill", lines=[line, sheet_line(self.characters[who], self.gear.get(who))], notes=notes)
        out.summary = line
        return out

    @staticmethod
    def _set_skill(ch: Character, skills: dict[str, Die], key: str, how: Any, chance, notes: list[str]) -> str:
        """Change ``skills`` for one ``Skill=how``; what changed, in words."""
        old = skills.get(key)
        if str(how).strip().lower() not in NO_SKILL:
            skills[key] = _skill_die(key, how, ch.abilities, chance, notes)
            return f"{key} {old} → {skills[key]}" if old else f"{key} {skills[key]} (new)"
        if old is None:
            raise SceneError(f"{ch.name} has no skill {key!r} to take off (skills: {', '.join(skills) or 'none'})")
        within = [s.name for s in ch.specializations if s.skill == key]
        if within:
            raise SceneError(f"{key!r} holds {ch.name}'s specialization {', '.join(within)}: it stays")
        del skills[key]
        return f"{key} taken off"

    def _op_spec(self, args: dict, chance) -> Outcome:
        """Choose starting specializations after creation, or drop one chosen (R38)."""
        who = self.character(args["who"]).name
        if args.get("drop"):
            return self._drop_spec(who, str(args["drop"]))
        ch, chosen = self.characters[who], list(self.starting.get(who, ()))
        limit = self.allowance + len(ch.impairments)
        specs = list(ch.specializations)
        for sk, sp in args.get("specs") or []:
            name = _clean(sp, "a specialization name", 30)
            if len(chosen) >= limit:
                raise SceneError(f"{who} has chosen all {counted(limit, 'starting specialization')} "
                                 f"({', '.join(chosen) or 'none'}): {name!r} costs 4 Adventure Points "
                                 f"(advance {who} spec {name} in {sk})")
            if any(s.name.lower() == name.lower() for s in specs):
                raise SceneError(f"{who} already has the specialization {name!r}")
            specs.append(Specialization(name, self._spec_skill(ch, sk, name)))
            chosen.append(name)
        if len(chosen) == len(self.starting.get(who, ())):
            raise SceneError(f"name a specialization for {who}, e.g. Stealth:Pick_locks")
        self.characters[who] = replace(ch, specializations=tuple(specs))
        self.starting[who] = tuple(chosen)
        new = ", ".join(f"{s.name} ({s.skill})" for s in specs[len(ch.specializations):])
        line = f"{who} chooses {new} at level 1: {len(chosen)} of {counted(limit, 'starting specialization')}"
        return Outcome("spec", lines=[line], summary=line)

    @staticmethod
    def _spec_skill(ch: Character, skill: Any, name: str) -> str:
        """The skill a new specialization falls within, as the character spells it."""
        key = next((k for k in ch.skills if k.lower() == str(skill).strip().lower()), None)
        if key is None:
            raise SceneError(f"{name!r} falls within {skill!r}, a skill {ch.name} does not have "
                             f"(skills: {', '.join(ch.skills) or 'none'}): add it first, e.g. skill {ch.name} "
                             f"{str(skill).strip().replace(' ', '_')}=pulse")
        return key

    def _drop_spec(self, who: str, name: str) -> Outcome:
        """Take back a starting specialization still at level 1; its place is free again."""
        ch = self.characters[who]
        sp = ch.specialization(name)
        chosen = self.starting.get(who, ())
        if sp.name not in chosen:
            raise SceneError(f"{sp.name!r} was bought with Adventure Points, not chosen at the start: undo "
                             "takes it back")
        if sp.level > 1:
            raise SceneError(f"{sp.name!r} is at level {sp.level}, raised with Adventure Points: undo takes it back")
        self.characters[who] = replace(ch, specializations=tuple(s for s in ch.specializations if s is not sp))
        self.starting[who] = tuple(n for n in chosen if n != sp.name)
        line = f"{who} drops {sp.name} ({sp.skill}): a starting specialization to choose again"
        return Outcome("spec", lines=[line], summary=line)

    def _op_check(self, args: dict, chance) -> Outcome:
        who = args["who"]
        ch = self._actor(who)
        diff = difficulty_die(args["difficulty"])
        ab_die, sk_die, labels, edge, extra = self.side_dice(ch, args["ability"], args.get("skill"), args)
        labels[DIFFICULTY] = difficulty_label(diff).split(" (")[0]
        pool = Pool.check(ab_die, sk_die, diff, extra)
        res = check(pool, chance, mode=self.mode, edge=edge)
        self.stats["checks"] += 1
        self.stats["successes"] += res.success
        self._count_roll(res.roll)
        self.last_actor = who
        verdict = "success" if res.success else "failure"
        line = (f"{roll_text(res.roll, labels)} {'≥' if res.success else '<'} {TARGET}: {verdict}"
                f"{', dilemma' if res.dilemma else ''}")
        skill = labels[SKILL] if args.get("skill") is not None else None
        edge_txt = {1: ", advantage", -1: ", disadvantage"}.get(int(edge), "")
        heading = (f"Check — {who}: {labels[ABILITY]} + {skill or 'no skill'} vs {difficulty_label(diff)}{edge_txt}")
        out = Outcome("check", heading=heading, lines=[line], result=res, summary=f"check {who}: {line}")
        out.beats = check_beats(who, labels[ABILITY], skill.split("/")[0] if skill else None,
                                labels[DIFFICULTY], res, labels, self._common())
        return out

    def _op_contest(self, args: dict, chance) -> Outcome:
        sides = args.get("sides") or []
        if len(sides) < 2:
            raise SceneError("a contest needs two or more sides")
        names = [s["who"] for s in sides]
        if len({n.lower() for n in names}) != len(names):
            raise SceneError(f"each side of a contest is a different character: {', '.join(names)}")
        pools, labels, edges, skills = [], [], [], []
        for s in sides:
            ch = self._actor(s["who"])
            ab_die, sk_die, lab, edge, extra = self.side_dice(ch, s["ability"], s.get("skill"), s)
            pools.append(Pool(((ABILITY, ab_die), (SKILL, sk_die)) + tuple((EXTRA, d) for d in extra)))
            labels.append(lab)
            edges.append(edge)
            skills.append(lab[SKILL].split("/")[0] if s.get("skill") is not None else None)
        res = contest(pools, chance, mode=self.mode, edges=edges, actor=0)
        self.stats["contests"] += 1
        self.stats["contest_wins"] += res.actor_wins
        for r in res.rolls:
            self._count_roll(r)
        self.last_actor = names[0]
        sides_txt = " vs ".join(f"{n}: {roll_text(r, lab)}" for n, r, lab in zip(names, res.rolls, labels))
        if res.winner is None:
            verdict = "nobody prevails (a tie among the others)"
        elif res.draw and res.winner != 0:
            verdict = f"a draw fails the side acting: {names[res.winner]} prevails"
        else:
            verdict = f"{names[res.winner]} wins by {res.margin}"
        line = f"{sides_txt} → {verdict}"
        heading = f"Contest — {names[0]} vs {', '.join(names[1:])}"
        out = Outcome("contest", heading=heading, lines=[line], result=res, summary=f"contest: {line}")
        out.beats = contest_beats(names, [lab[ABILITY] for lab in labels], skills, res, labels, self._common())
        return out

    def _combat_skill(self, ch: Character, skill: str | None, required: bool = True) -> str | None:
        if skill is not None:
            return ch._skill_key(skill)
        for k in COMBAT_SKILLS:
            for have in ch.skills:
                if have.lower() == k.lower():
                    return have
        if required:
            raise SceneError(f"{ch.name} has no combat skill ({', '.join(COMBAT_SKILLS)}): name one with with=SKILL")
        return None

    def _op_attack(self, args: dict, chance) -> Outcome:
        an, dn = args["attacker"], args["defender"]
        if an == dn:
            raise SceneError(f"{an} cannot attack themselves")
        att = self._actor(an)
        dfn = self.character(dn)
        if dfn.health.dead:
            raise SceneError(f"{dn} is already dead")
        gear = self.gear.get(an, Gear())
        if args.get("adhoc"):
            acc, dmg = args["adhoc"]
            weapon = Weapon("weapon", as_die(acc), as_die(dmg))
        elif args.get("weapon"):
            weapon = gear.weapon(args["weapon"])
            if weapon is None:
                raise SceneError(f"{an} has no weapon {args['weapon']!r} (carries: {gear.text() or 'nothing'})")
        elif gear.weapons:
            weapon = gear.weapons[0]
        else:
            raise SceneError(f"{an} has no weapon: give one with weapon {an} NAME ACCURACY DAMAGE, "
                             "or attack with ACCURACY/DAMAGE such as d6/d4")
        skill = self._combat_skill(att, args.get("skill"))
        a_steps, s_steps, edge, extra = self._mods(args)
        spec = args.get("spec")
        a_sk = att.skill_die(skill, specialization=spec, asset=args.get("asset"), steps=s_steps)
        apool = attack_pool(att.ability(Ability.REFLEX).stepped(a_steps), a_sk, weapon.accuracy)
        for d in extra:
            apool = apool.add(EXTRA, d)
        d_skill = self._combat_skill(dfn, None, required=False)
        d_gear = self.gear.get(dn, Gear())
        armor_arg = args.get("armor")
        if armor_arg is None:
            armor_die, armor_name = (d_gear.armor.die, d_gear.armor.name) if d_gear.armor else (NONE, "no armor")
        elif str(armor_arg).lower() == "none":
            armor_die, armor_name = NONE, "no armor"
        else:
            armor_die, armor_name = as_die(armor_arg), "armor"
            if not armor_die.is_single:
                raise SceneError(f"armor is rated d4–d12, got {str(armor_die)!r}")
        d_opts = args.get("defense") or {}
        if any(k in d_opts for k in ("spec", "asset", "armor", "skill")):
            raise SceneError("the defender's options are adv, dis, a+N/a-N, s+N/s-N, assist=DIE and +DIE "
                             "(armor=DIE is the defender's Defensive Die)")
        d_a, d_s, d_edge, d_extra = self._mods(d_opts)
        d_sk_die = dfn.skill(d_skill).stepped(d_s) if d_skill else (NONE.stepped(d_s) if d_s > 0 else NONE)
        dpool = defense_pool(dfn.ability(Ability.REFLEX).stepped(d_a), d_sk_die, armor_die)
        for d in d_extra:
            dpool = dpool.add(EXTRA, d)
        res = attack(apool, dpool, weapon, chance, mode=self.mode, attacker_edge=edge, defender_edge=d_edge)
        sk_label = skill if spec is None else f"{skill}/{att.specialization(spec).name} {att.specialization(spec).level}"
        a_labels = {ABILITY: "Reflex", SKILL: sk_label, ACCURACY: weapon.name, EXTRA: "added"}
        d_labels = {ABILITY: "Reflex", SKILL: d_skill or "no combat skill", DEFENSE: armor_name, EXTRA: "added"}
        self.stats["attacks"] += 1
        for r in (res.attack, res.defense, res.damage_roll):
            if r is not None:
                self._count_roll(r)
        self.last_actor = an
        head = f"{an}: {roll_text(res.attack, a_labels)} vs {dn}: {roll_text(res.defense, d_labels)}"
        out = Outcome("attack", heading=f"Attack — {an} on {dn} ({weapon.name})", result=res)
        if res.hit:
            self.stats["hits"] += 1
            self.stats["damage"] += res.damage
            out.lines.append(f"{head} → hit by {res.margin}")
            dmg = " + ".join(die_text(d) for d in res.damage_roll.dice)
            out.lines.append(f"damage: {weapon.name} {dmg} + {res.margin} = {res.damage}")
        else:
            draw = res.attack.total == res.defense.total
            out.lines.append(f"{head} → {'a draw: the attack fails' if draw else 'miss'}")
        out.beats = attack_beats(an, dn, weapon.name, res, [a_labels, d_labels], self._common())
        if res.hit:
            self._hurt(dn, dfn, dfn.health.take_damage(res.damage), "attack", an, res.damage, out)
        if res.dilemmas:
            out.lines.append("dilemma: " + ", ".join(res.dilemmas))
        out.summary = "attack: " + " · ".join(out.lines)
        return out

    def _op_damage(self, args: dict, chance) -> Outcome:
        who = args["who"]
        ch = self.character(who)
        if ch.health.dead:
            raise SceneError(f"{who} is already dead")
        out = Outcome("damage")
        if "bleed" in args:
            minutes = _whole(args["bleed"], "minutes", 1, 10**4)
            if not ch.health.dying or ch.health.stable:
                raise SceneError(f"{who} is not bleeding out (only a dying character who is not stabilised "
                                 "loses a hit point a minute)")
            after = ch.health.bleed(minutes)
            self._hurt(who, ch, after, "bleed", None, ch.health.hp - after.hp, out)
            out.lines[-1] = f"{minutes} minute{'s' if minutes != 1 else ''} bleeding: " + out.lines[-1]
        else:
            amount = _whole(args["amount"], "damage", 1, 10**4)
            self._hurt(who, ch, ch.health.take_damage(amount), "damage", None, amount, out)
            out.lines[-1] = f"{amount} damage: " + out.lines[-1]
        out.summary = "damage: " + out.lines[-1]
        return out

    def _op_heal(self, args: dict, chance) -> Outcome:
        who = args["who"]
        ch = self.character(who)
        h = ch.health
        if h.dead:
            raise SceneError(f"{who} is dead; no healing brings them back")
        out = Outcome("heal")
        if args.get("stabilise"):
            if not h.dying:
                raise SceneError(f"{who} is not dying: nothing to stabilise")
            if h.stable:
                raise SceneError(f"{who} is already stabilised")
            self._hurt(who, ch, h.stabilise(), "stabilise", None, 0, out)
        elif "rest" in args:
            minutes = _whole(args["rest"], "minutes", 1, 10**5)
            after = h.rest(minutes)
            if after.hp == h.hp:
                raise SceneError(f"{who} gains nothing from {minutes} minutes of rest (1 hp per 15 minutes, "
                                 f"at most 4 hp resting alone; {h.hp}/{h.max_hp} hp)")
            self._hurt(who, ch, after, "rest", None, after.hp - h.hp, out)
            out.lines[-1] = f"{minutes} minutes of rest: " + out.lines[-1]
        else:
            amount = _whole(args["amount"], "healing", 1, 10**4)
            if h.hp >= h.max_hp:
                raise SceneError(f"{who} is already at full hit points ({h.hp}/{h.max_hp})")
            self._hurt(who, ch, h.heal(amount), "heal", None, amount, out)
            out.lines[-1] = f"{amount} healing: " + out.lines[-1]
        out.summary = "heal: " + out.lines[-1]
        return out

    def _op_initiative(self, args: dict, chance) -> Outcome:
        names = list(args.get("who") or [])
        if not names:
            names = [n for n, c in self.characters.items() if c.health.conscious]
        if not names:
            raise SceneError("nobody can roll initiative: create characters first")
        for n in names:
            self._actor(n)
        tie = args.get("tie", "reflex")
        init = roll_initiative([(n, self.characters[n].ability(Ability.REFLEX)) for n in names], chance,
                               tie_break=tie)
        self.initiative = init
        line = "initiative (Reflex): " + ", ".join(f"{n} {init.rolls[n]}" for n in init.order)
        for r in init.rolloffs:
            line += " · roll-off " + ", ".join(f"{n} {v}" for n, v in r.items())
        out = Outcome("initiative", heading="Initiative", lines=[line, "order: " + " → ".join(init.order)],
                      result=init)
        out.summary = line
        return out

    def _op_join(self, args: dict, chance) -> Outcome:
        if self.initiative is None:
            raise SceneError("no initiative order yet: roll initiative first")
        who = args["who"]
        ch = self._actor(who)
        self.initiative = self.initiative.join(who, ch.ability(Ability.REFLEX), chance)
        line = f"{who} joins the initiative with {self.initiative.rolls[who]}: " + " → ".join(self.initiative.order)
        return Outcome("join", lines=[line], summary=line)

    def _op_initiative_end(self, args: dict, chance) -> Outcome:
        if self.initiative is None:
            raise SceneError("no initiative order to end")
        self.initiative = None
        return Outcome("initiative_end", lines=["the encounter ends: initiative cleared"],
                       summary="initiative cleared")

    def _op_award(self, args: dict, chance) -> Outcome:
        who = args["who"]
        points = _whole(args["points"], "Adventure Points", 1, 1000)
        self.characters[who] = award(self.character(who), points)
        why = " ".join(str(args.get("why") or "").split())[:200]
        line = (f"{who} earns {points} Adventure Point{'' if points == 1 else 's'} "
                f"({self.characters[who].adventure_points} now)")
        return Outcome("award", lines=[line + (f" — {why}" if why else "")], summary=line)

    def _op_advance(self, args: dict, chance) -> Outcome:
        who = args["who"]
        ch = self.character(who)
        if args.get("what") == "ability":
            ab = parse_ability_word(args["ability"])
            before = ch.abilities[ab]
            new = raise_ability(ch, ab)
            line = f"{who} raises {ab.value} {before} → {new.abilities[ab]}"
            if ab is Ability.PULSE:
                line += f" ({new.health.hp}/{new.health.max_hp} hp)"
        elif args.get("what") == "spec":
            name = _clean(args["name"], "a specialization name", 30)
            new = buy_specialization(ch, name, args.get("skill"))
            sp = new.specialization(name)
            line = f"{who} {'learns' if sp.level == 1 else 'improves'} {sp.name} ({sp.skill}) to level {sp.level}"
        else:
            raise SceneError(f"advance buys a specialization or an ability, not {args.get('what')!r}")
        self.characters[who] = new
        line += f"; {new.adventure_points} Adventure Point{'' if new.adventure_points == 1 else 's'} left"
        return Outcome("advance", lines=[line], summary=line)

    def _op_reputation(self, args: dict, chance) -> Outcome:
        who = args["who"]
        change = _whole(args["change"], "a Reputation change", -10, 10)
        ch = self.character(who)
        new = change_reputation(ch, change)
        self.characters[who] = new
        line = f"{who}'s Reputation {ch.reputation:+d} → {new.reputation:+d}"
        if new.reputation - ch.reputation != change:
            line += " (Reputation runs from -5 to +5)"
        return Outcome("reputation", lines=[line], summary=line)

    def _op_mode(self, args: dict, chance) -> Outcome:
        try:
            mode = Mode(str(args["mode"]).lower())
        except ValueError:
            raise SceneError(f"no mode {args['mode']!r} (cinematic, gritty, plain)") from None
        if mode is self.mode:
            raise SceneError(f"the scene is already {mode.value}")
        self.mode = mode
        line = f"mode: {mode.value}"
        return Outcome("mode", lines=[line], summary=line)

    def _op_say(self, args: dict, chance) -> Outcome:
        from ..narration.base import strip_control

        text = " ".join(strip_control(str(args.get("text") or "")).split())[:1000]
        if not text:
            raise SceneError("say what?")
        who = args.get("who")
        if who is not None:
            ch = self.character(who)
            if ch.health.dead:
                raise SceneError(f"{who} is dead and says nothing more")
        speaker = who if who is not None else (self.last_actor if self.last_actor in self.characters else None)
        return Outcome("say", speaker=speaker, said=text, summary=f"{speaker + ': ' if speaker else ''}“{text}”")

    def _op_ask(self, args: dict, chance) -> Outcome:
        """A question to the scene: answered from it, by a fact it keeps, or by the oracle on one
        d100 of the scene's dice (:mod:`solo.lucky13.asking`). The answer is written into the
        step (``args["answer"]``): replayed from a save, an oracle answer is the one told."""
        import re

        from ..director.oracle import ODDS
        from ..narration.base import strip_control
        from .asking import MAX_QUESTION, answer, as_saved

        text = " ".join(strip_control(str(args.get("text") or "")).split())
        bare = re.sub(r"^(?:very unlikely|very likely|unlikely|likely|even|50/50)\s*[:,\-—]?", "", text, flags=re.I)
        if not re.search(r"[^\W\d_]", bare):  # no words, or odds and nothing asked ("likely:")
            raise SceneError("ask what? a question in words, e.g. ask is the door locked?  or  ask likely: "
                             "Brunella: is the guard asleep?")
        if len(text) > MAX_QUESTION:
            raise SceneError(f"a question is at most {MAX_QUESTION} characters, got {len(text)}")
        who = args.get("who")
        if who is not None:
            who = self.character(who).name
            if self.characters[who].health.dead:
                raise SceneError(f"{who} is dead and asks nothing more")
        odds = args.get("odds")
        if odds is not None and odds not in ODDS:
            raise SceneError(f"unknown odds {odds!r}: one of {', '.join(ODDS)}")
        try:
            told = answer(self, text, who, odds, chance)
        except (LookupError, TypeError, AttributeError, RecursionError) as exc:  # a reading gone wrong: one line
            raise SceneError(f"the question {text[:80]!r} could not be read ({type(exc).__name__}): ask it in "
                             "other words") from None
        if self._replaying:
            told = as_saved(told, args.get("answer"))
        args["answer"] = told.record()
        if told.kept is not None:
            self.facts = self.facts + (told.kept,)
        asked = f"{who} asks" if who else "asked"
        return Outcome("ask", speaker=who, said=told.question, result=told,
                       summary=f"{asked} “{told.question}”: {told.text}")

    def _op_end(self, args: dict, chance) -> Outcome:
        self.finished = True
        return Outcome("end", heading="The end of the scene", summary="the scene ends")
