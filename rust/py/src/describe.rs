//! The engine's description of a configured game (`hukm_core::describe`) as
//! typed, immutable Python objects: `Description` with its `Keyword`,
//! `Objective`, `TableShape` and `ObservationField`, read as
//! `_core.Game.description` (the keys every observation begins with:
//! `_core.core_observation()`). Each
//! compares equal by its fields, hashes alike and has the repr of a
//! dataclass (`Keyword(name='leader', kind='seat', ...)`).

use hukm_core::describe as d;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

/// `Name(field=repr, ...)` of `obj`'s `fields`, as a dataclass writes it.
fn dataclass_repr(obj: &Bound<'_, PyAny>, name: &str, fields: &[&str]) -> PyResult<String> {
    let mut parts = Vec::with_capacity(fields.len());
    for f in fields {
        parts.push(format!("{f}={}", obj.getattr(*f)?.repr()?.to_cow()?));
    }
    Ok(format!("{name}({})", parts.join(", ")))
}

/// The value semantics of a description class: equal when its fields are,
/// a hash of its repr, the repr of a dataclass of `fields`.
macro_rules! value_object {
    ($ty:ty, $name:literal, [$($field:literal),* $(,)?]) => {
        #[pymethods]
        impl $ty {
            fn __eq__(&self, other: PyRef<'_, Self>) -> bool {
                *self == *other
            }

            fn __hash__(slf: &Bound<'_, Self>) -> PyResult<isize> {
                slf.as_any().repr()?.hash()
            }

            fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
                dataclass_repr(slf.as_any(), $name, &[$($field),*])
            }
        }
    };
}

/// A tuple of strings.
fn str_tuple<'py, S: AsRef<str>>(py: Python<'py>, items: &[S]) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, items.iter().map(|s| PyString::new(py, s.as_ref())))
}

/// One keyword of `new_game` or `from_deal`: its name, what it takes
/// (`seat`, `suit`, `strain` (a suit, or `N` for no trump), `card`, `cards`,
/// `int`, `ints`, `bool`, `seed`), whether a call must give it, one line
/// about it, whether a person states it for a position (`position`: a flag
/// of the command line, a field of the web page) and what a surface passes
/// when it is left out (`absent`, as typed; `None`: nothing).
#[pyclass(name = "Keyword", module = "hukm._core", frozen)]
#[derive(Clone, PartialEq)]
pub struct PyKeyword(d::Keyword);

#[pymethods]
impl PyKeyword {
    /// The keyword.
    #[getter]
    fn name(&self) -> &'static str {
        self.0.name
    }

    /// What it takes.
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind
    }

    /// Whether a call must give it.
    #[getter]
    fn required(&self) -> bool {
        self.0.required
    }

    /// One line about it.
    #[getter]
    fn about(&self) -> &'static str {
        self.0.about
    }

    /// Whether a person states it for a position.
    #[getter]
    fn position(&self) -> bool {
        self.0.position
    }

    /// What a surface passes when it is left out (`None`: nothing).
    #[getter]
    fn absent(&self) -> Option<&'static str> {
        self.0.absent
    }
}

/// One objective of `hukm.solve` (`objective=`) and what its value counts:
/// `tricks`, `tens`, `card points`, `cards`, `win` (1 or 0), `kot` (1 or 0),
/// `net result` or `balls`; `label` is how the command line writes it after
/// a value (`tricks`, `(1: wins the hand)`).
#[pyclass(name = "Objective", module = "hukm._core", frozen)]
#[derive(Clone, PartialEq)]
pub struct PyObjective(d::Objective);

#[pymethods]
impl PyObjective {
    /// Its name (`tricks`: the game's own value; `kot`: the kot query).
    #[getter]
    fn name(&self) -> &'static str {
        self.0.name
    }

    /// What the value counts.
    #[getter]
    fn unit(&self) -> &'static str {
        self.0.unit
    }

    /// One line about it.
    #[getter]
    fn about(&self) -> &'static str {
        self.0.about
    }

    /// How the command line writes the unit after a value.
    #[getter]
    fn label(&self) -> &'static str {
        self.0.label
    }
}

/// A game's double-dummy table (`dd_table`): its rows (the trump; `N` none),
/// what a column is (`leader` or `bidder`), the layouts it takes and what a
/// cell counts.
#[pyclass(name = "TableShape", module = "hukm._core", frozen)]
#[derive(Clone, PartialEq)]
pub struct PyTableShape(d::TableShape);

#[pymethods]
impl PyTableShape {
    /// What a row is: the trump (`N`: none).
    #[getter]
    fn rows<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        str_tuple(py, &self.0.rows)
    }

    /// What a column is: `leader` or `bidder`.
    #[getter]
    fn columns(&self) -> &'static str {
        self.0.columns
    }

    /// The layouts `dd_table(layout=...)` takes (the first is the default).
    #[getter]
    fn layouts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        str_tuple(py, &self.0.layouts)
    }

    /// What a cell counts.
    #[getter]
    fn unit(&self) -> &'static str {
        self.0.unit
    }
}

/// One key of a game's observations: its `name`, the shape of its value
/// (`kind`: `int`, `str`, `bool`, `card`, `map` or `any`; `[T]` a list of
/// `T`, `T?` a `T` or `None`), whether every observation holds it
/// (`always`) and what it means (`about`).
#[pyclass(name = "ObservationField", module = "hukm._core", frozen)]
#[derive(Clone, PartialEq)]
pub struct PyObservationField(d::Field);

#[pymethods]
impl PyObservationField {
    /// The key.
    #[getter]
    fn name(&self) -> &'static str {
        self.0.name
    }

    /// The shape of its value.
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind
    }

    /// Whether every observation of the game holds it.
    #[getter]
    fn always(&self) -> bool {
        self.0.always
    }

    /// What it means.
    #[getter]
    fn about(&self) -> &'static str {
        self.0.about
    }
}

/// A tuple of observation fields.
fn field_tuple<'py>(py: Python<'py>, fields: &[d::Field]) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, fields.iter().map(|f| PyObservationField(*f)))
}

/// The keys every game's observation begins with, in order.
#[pyfunction]
pub fn core_observation(py: Python<'_>) -> PyResult<Bound<'_, PyTuple>> {
    field_tuple(py, d::CORE_OBSERVATION)
}

/// What a configured game is for the surfaces that show or drive it, as the
/// engine states it: who plays with whom (`sides`: `partners` with `side_of`
/// each seat's side, `one_against_each` with the `role` of the one, or
/// `each`), the objectives a solve takes (the first is the default), whether
/// a solve takes a whole-hand `target` and can stop with `bounds`, the
/// `from_deal` keyword whose seat a surface counts when none is chosen
/// (`counted`), the double-dummy `table`, the keywords of `new_game` and
/// `from_deal`, the groups of `from_deal` keywords a position gives exactly
/// one of (`exactly_one`), whether play is whist's (`whist`: three or four
/// players, no heap, anticlockwise; a seeded deal's table of every trump and
/// leader), what a move is called (`moves`: `card` or `action`), the largest
/// hand an exact solve finishes quickly where hands can be larger
/// (`quick_hand`), whether a solve counts every trick of the deal
/// (`plays_out`: `hukm.best_line(to="all_tricks")` plays the rest out),
/// the words of a target solve's values (`outcomes`) and the keys of its
/// observations after those every game's begins with (`observation`).
#[pyclass(name = "Description", module = "hukm._core", frozen)]
#[derive(Clone, PartialEq)]
pub struct PyDescription {
    inner: d::Description,
    side_of: Vec<usize>,
}

impl PyDescription {
    /// The description of a game of `players` seats.
    pub fn new(inner: d::Description, players: usize) -> Self {
        let side_of = inner.side_of_seats(players);
        PyDescription { inner, side_of }
    }
}

#[pymethods]
impl PyDescription {
    /// Who plays with whom: `partners`, `one_against_each` or `each`.
    #[getter]
    fn sides(&self) -> &'static str {
        match self.inner.sides {
            d::Sides::Partners(_) => "partners",
            d::Sides::OneAgainstEach(_) => "one_against_each",
            d::Sides::Each => "each",
        }
    }

    /// Each seat's side (with `partners`; else each seat its own).
    #[getter]
    fn side_of<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.side_of)
    }

    /// The role of the one against each of the others (Naqsh's `banker`).
    #[getter]
    fn role(&self) -> Option<&'static str> {
        match self.inner.sides {
            d::Sides::OneAgainstEach(r) => Some(r),
            _ => None,
        }
    }

    /// The objectives a solve takes, the default first.
    #[getter]
    fn objectives<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(
            py,
            self.inner.objectives.iter().map(|o| PyObjective(o.clone())),
        )
    }

    /// Whether a solve takes a whole-hand target.
    #[getter]
    fn target(&self) -> bool {
        self.inner.target
    }

    /// Whether a solve can stop with bounds.
    #[getter]
    fn bounds(&self) -> bool {
        self.inner.bounds
    }

    /// The `from_deal` keyword whose seat a surface counts when none is chosen.
    #[getter]
    fn counted(&self) -> Option<&'static str> {
        self.inner.counted
    }

    /// The double-dummy table's shape (`None`: no table).
    #[getter]
    fn table(&self) -> Option<PyTableShape> {
        self.inner.table.clone().map(PyTableShape)
    }

    /// The keywords of `new_game`.
    #[getter]
    fn new_game<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.inner.new_game.iter().map(|k| PyKeyword(k.clone())))
    }

    /// The keywords of `from_deal`.
    #[getter]
    #[allow(clippy::wrong_self_convention)]
    fn from_deal<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(
            py,
            self.inner.from_deal.iter().map(|k| PyKeyword(k.clone())),
        )
    }

    /// The groups of `from_deal` keywords a position gives exactly one of.
    #[getter]
    fn exactly_one<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let groups: PyResult<Vec<_>> = self
            .inner
            .exactly_one
            .iter()
            .map(|g| str_tuple(py, g))
            .collect();
        PyTuple::new(py, groups?)
    }

    /// Whether play is whist's.
    #[getter]
    fn whist(&self) -> bool {
        self.inner.whist
    }

    /// What a move is called: `card` or `action`.
    #[getter]
    fn moves(&self) -> &'static str {
        self.inner.moves
    }

    /// The largest hand an exact solve finishes quickly, where hands can be larger.
    #[getter]
    fn quick_hand(&self) -> Option<usize> {
        self.inner.quick_hand
    }

    /// Whether a solve counts every trick of the deal.
    #[getter]
    fn plays_out(&self) -> bool {
        self.inner.plays_out
    }

    /// The words of a target solve's values, from 0.
    #[getter]
    fn outcomes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        str_tuple(py, &self.inner.outcomes)
    }

    /// The keys of the game's observations after `core_observation()`'s.
    #[getter]
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        field_tuple(py, self.inner.observation)
    }

    /// What the default objective's value counts.
    #[getter]
    fn unit(&self) -> &'static str {
        self.inner.objectives[0].unit
    }

    /// Whether seats play in fixed partnerships.
    #[getter]
    fn partners(&self) -> bool {
        matches!(self.inner.sides, d::Sides::Partners(_))
    }

    /// How the command line writes the default objective's unit after a value.
    #[getter]
    fn label(&self) -> &'static str {
        self.inner.objectives[0].label
    }

    /// The objective `name`, or `None`.
    fn objective(&self, name: &str) -> Option<PyObjective> {
        self.inner
            .objectives
            .iter()
            .find(|o| o.name == name)
            .cloned()
            .map(PyObjective)
    }

    /// The `from_deal` keyword `name`, or `None`.
    fn keyword(&self, name: &str) -> Option<PyKeyword> {
        self.inner
            .from_deal
            .iter()
            .find(|k| k.name == name)
            .cloned()
            .map(PyKeyword)
    }
}

value_object!(
    PyKeyword,
    "Keyword",
    ["name", "kind", "required", "about", "position", "absent"]
);

value_object!(PyObjective, "Objective", ["name", "unit", "about", "label"]);

value_object!(
    PyObservationField,
    "ObservationField",
    ["name", "kind", "always", "about"]
);

value_object!(
    PyTableShape,
    "TableShape",
    ["rows", "columns", "layouts", "unit"]
);

value_object!(
    PyDescription,
    "Description",
    [
        "sides",
        "side_of",
        "role",
        "objectives",
        "target",
        "bounds",
        "counted",
        "table",
        "new_game",
        "from_deal",
        "exactly_one",
        "whist",
        "moves",
        "quick_hand",
        "plays_out",
        "outcomes",
        "observation",
    ]
);
