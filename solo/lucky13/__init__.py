"""The Lucky 13 Game Engine: the deterministic rules core.

Pure rules: no I/O, no printing, no dice of its own. Every roll takes a chance source
(:class:`SeededChance`, :class:`ScriptedChance`, or anything with ``roll(sides)``).

>>> from solo.lucky13 import ScriptedChance, skill_check, D8, D10
>>> r = skill_check(D8, D10, "Moderate", ScriptedChance([5, 3, 9]))
>>> r.total, r.success, r.dilemma
(17, True, False)
"""

from .advancement import (
    ABILITY_MAX,
    REPUTATION_MAX,
    REPUTATION_MIN,
    SPECIALIZATION_COST,
    ability_increase_cost,
    adjust_reputation,
    award,
    buy_specialization,
    change_reputation,
    raise_ability,
    reaction_pool,
    reputation_charm,
)
from .character import (
    ABILITIES,
    ARRAYS,
    ASSET_QUALITIES,
    ASSIST_TABLE,
    PERCENTILE_TABLE,
    SKILL_EXAMPLES,
    SPECIALIZATION_EXAMPLES,
    SPECIALIZATION_MAX,
    SPECIALIZATION_MIN,
    Ability,
    Asset,
    Background,
    Character,
    Impairment,
    Specialization,
    ability_for_percentile,
    asset_level,
    assign_array,
    assign_from_array,
    assist_steps,
    assisted,
    create_character,
    parse_ability,
    roll_abilities,
    roll_on_table,
    roll_skills,
    skills_from_abilities,
    specialized,
    with_asset,
)
from .checks import (
    DIFFICULTY_LEVELS,
    TARGET,
    CheckResult,
    ContestResult,
    DieRoll,
    Edge,
    Mode,
    PoolRoll,
    check,
    contest,
    difficulty_die,
    difficulty_name,
    edge,
    opposed,
    roll_pool,
    skill_check,
)
from .combat import Armor, AttackResult, Initiative, Weapon, attack, attack_pool, defense_pool, roll_initiative, strike
from .dice import (
    ABILITY,
    ACCURACY,
    D4,
    D6,
    D8,
    D10,
    D12,
    DAMAGE,
    DEFENSE,
    DIFFICULTY,
    EXTRA,
    NONE,
    SIZES,
    SKILL,
    Chance,
    Die,
    Pool,
    ScriptedChance,
    SeededChance,
    as_die,
    parse_die,
    parse_pool,
)
from .errors import (
    AdvancementError,
    AssetError,
    AssistError,
    ChanceError,
    CombatError,
    CreationError,
    HealthError,
    InvalidDieError,
    Lucky13Error,
    ReputationError,
    ScriptExhaustedError,
    ScriptValueError,
    SpecializationError,
    UnknownAbilityError,
    UnknownDifficultyError,
    UnknownSkillError,
)
from .health import HP_PER_DIE, Health, death_threshold, max_hit_points, pulse_for
from .odds import Odds, check_odds, pool_odds, reach_probability

__all__ = [name for name in dir() if not name.startswith("_")]
