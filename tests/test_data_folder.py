"""The two tests that once wrote into the real home's data folder, run again with a data
folder watched: what they write lands in the test's own folder."""

from __future__ import annotations

import os

from solo.paths import data_dir


def test_the_default_data_folder_is_the_tests_own():
    assert str(data_dir()).startswith(os.environ["SOLO_HOME"])


def test_an_llm_narrator_without_a_log_path_logs_into_the_tests_folder():
    from solo.narration.llm import LLMNarrator
    from solo.narration.templates import TemplateNarrator

    n = LLMNarrator(TemplateNarrator(seed=1), model="x", log_path=None)
    assert n.log_path is not None and str(n.log_path).startswith(os.environ["SOLO_HOME"])
