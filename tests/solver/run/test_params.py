"""The solve parameters of a design run (solver/run/params.py): the documented defaults, values at
the edge of the allowed range kept, and every value out of range refused with a DesignInputError
that names the field and quotes the value."""

from __future__ import annotations

import dataclasses
import math

import pytest

from scheveningen.solver.run.params import DesignInputError, DesignParams


def test_the_defaults_are_the_documented_ones() -> None:
    params = DesignParams()
    assert params.time_limit == 10.0  # docs/guide.md: --time-limit defaults to 10 s
    assert params.work_limit is None
    assert params.seed == 0
    assert params.workers == 8
    assert params.formulation == "boolean"
    assert params.strict is False
    assert params.symmetry_breaking is True
    assert params.scale is True


@pytest.mark.parametrize(
    "values",
    [
        {"time_limit": 0.001},
        {"work_limit": 0.001},
        {"workers": 1},
        {"formulation": "channelled"},
        {"seed": -5},
        {"time_limit": 3600.0, "work_limit": 50.0, "workers": 2, "seed": 7, "strict": True, "scale": False},
    ],
)
def test_values_inside_the_range_are_kept(values: dict[str, object]) -> None:
    params = DesignParams(**values)  # type: ignore[arg-type]
    for name, value in values.items():
        assert getattr(params, name) == value


@pytest.mark.parametrize(
    ("values", "says"),
    [
        ({"time_limit": 0.0}, "time limit must be positive, got 0.0"),
        ({"time_limit": -1.0}, "time limit must be positive, got -1.0"),
        ({"time_limit": math.nan}, "time limit must be positive, got nan"),
        ({"work_limit": 0.0}, "work limit must be positive, got 0.0"),
        ({"work_limit": -2.5}, "work limit must be positive, got -2.5"),
        ({"work_limit": math.nan}, "work limit must be positive, got nan"),
        ({"workers": 0}, "workers must be at least 1, got 0"),
        ({"workers": -3}, "workers must be at least 1, got -3"),
        ({"formulation": "integer"}, "formulation must be boolean or channelled, got 'integer'"),
        ({"formulation": ""}, "formulation must be boolean or channelled, got ''"),
    ],
)
def test_a_value_out_of_range_is_refused_naming_the_field(values: dict[str, object], says: str) -> None:
    with pytest.raises(DesignInputError) as caught:
        DesignParams(**values)  # type: ignore[arg-type]
    assert str(caught.value) == says


def test_the_first_bad_field_in_declaration_order_is_named() -> None:
    with pytest.raises(DesignInputError, match=r"^time limit"):
        DesignParams(time_limit=-1.0, workers=0)
    with pytest.raises(DesignInputError, match=r"^workers"):
        DesignParams(workers=0, formulation="integer")  # type: ignore[arg-type]


def test_a_design_input_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="workers"):
        DesignParams(workers=0)


def test_parameters_cannot_change_after_the_checks() -> None:
    params = DesignParams()
    with pytest.raises(dataclasses.FrozenInstanceError):
        params.workers = 0  # type: ignore[misc]
    assert dataclasses.replace(params, workers=1).workers == 1
    with pytest.raises(DesignInputError, match="workers must be at least 1"):
        dataclasses.replace(params, workers=0)
