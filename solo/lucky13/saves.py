"""Lucky 13 save files: a sealed pydantic model (format ``solo-lucky13-save``) holding the
seed and every step, written atomically; a damaged file is refused in one line and kept."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..play.files import reserve
from ..play.saves import SafeText, Sealed, Seed, read_sealed, write_sealed

FORMAT = "solo-lucky13-save"
VERSION = 1
#: Starting specializations when the scene does not say (the engine sets none, R22).
DEFAULT_ALLOWANCE = 2
#: Most dice a player may type for one step.
MAX_TYPED = 200

OPS = ("create", "skill", "spec", "weapon", "armor", "check", "contest", "attack", "damage", "heal", "initiative", "join",
       "initiative_end", "award", "advance", "reputation", "mode", "say", "ask", "end")


#: What names a scene, whatever point it has reached (see :func:`solo.play.saves.same_night`).
SCENE_KEYS = ("format", "seed", "mode", "title", "allowance")


class SavedStep(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal[OPS]  # type: ignore[valid-type]
    args: dict[str, Any] = Field(default_factory=dict)
    dice: list[int] = Field(default_factory=list, max_length=MAX_TYPED * 4)
    typed: bool = False


class SceneSave(Sealed):
    model_config = ConfigDict(extra="forbid")
    format: Literal["solo-lucky13-save"] = FORMAT
    version: Literal[1] = VERSION
    seed: Seed
    mode: Literal["cinematic", "gritty", "plain"] = "cinematic"
    title: SafeText = Field(default="", max_length=80)
    allowance: int = Field(default=DEFAULT_ALLOWANCE, ge=0, le=20)
    narrator: Literal["template", "llm"] = "template"
    steps: list[SavedStep] = Field(default_factory=list)
    transcript: str | None = None
    finished: bool = False
    summary: SafeText = Field(default="", max_length=2000)


def write_scene_save(save: SceneSave, path: Path) -> Path:
    """Seal and write a Lucky 13 save atomically."""
    return write_sealed(save, path)


def read_scene_save(path: Path) -> SceneSave:
    """Parse and validate a Lucky 13 save (not yet replayed). Raises
    :class:`~solo.play.saves.SaveError` in one line; never touches the file."""
    return read_sealed(path, SceneSave, FORMAT, VERSION, "Lucky 13 save file")


def scene_paths(seed: int | str, saves: Path, transcripts: Path) -> tuple[Path, Path]:
    """A fresh save path and transcript path, ``lucky13-<date>-<time>-<seed>[-n]``, both
    taken at once (created empty, exclusively): another solo started in the same second with
    the same seed gets other names."""
    name = reserve(f"lucky13-{time.strftime('%Y%m%d-%H%M%S')}-{seed}", [(saves, ".json"), (transcripts, ".md")])
    return saves / f"{name}.json", transcripts / f"{name}.md"
