//! Binding of the ruleset value (`mahjong_fast.Ruleset`, design §2).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};

use super::to_py_err;
use crate::error::MahjongError;
use crate::rules::{Ruleset as CoreRuleset, Variant};

/// Which game is played: a frozen, hashable, picklable value (rules `hong-kong.md` §18).
///
/// Build it with `Ruleset.hong_kong(**switches)` or by name with `Ruleset.from_name("hk")`;
/// every entry point that takes `rules=` also accepts the name.
#[pyclass(frozen, eq, hash, module = "mahjong_fast._core", name = "Ruleset")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyRuleset {
    pub inner: CoreRuleset,
}

/// What `__reduce__` returns: the constructor and its arguments (name, switches).
type Reduced<'py> = (Bound<'py, PyAny>, (String, Bound<'py, PyDict>));

fn config_err(py: Python<'_>, msg: String) -> PyErr {
    to_py_err(py, MahjongError::RuleConfig(msg))
}

impl PyRuleset {
    fn build(py: Python<'_>, variant: Variant, switches: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let mut r = match variant {
            Variant::HongKong => CoreRuleset::hong_kong(),
        };
        if let Some(sw) = switches {
            for (k, v) in sw.iter() {
                let key: String = k.extract()?;
                match key.as_str() {
                    "rotate_dealer" => {
                        r.rotate_dealer = v
                            .extract::<bool>()
                            .map_err(|_| config_err(py, format!("switch rotate_dealer takes true or false, got {v}")))?
                    }
                    _ => return Err(config_err(py, format!("unknown switch {key:?} for ruleset {}", r.name()))),
                }
            }
        }
        Ok(PyRuleset { inner: r })
    }
}

#[pymethods]
impl PyRuleset {
    /// The Hong Kong preset (`hong-kong.md`) with the given §18 switches; an unknown switch or
    /// a value out of range raises `RuleConfigError` naming it.
    #[classmethod]
    #[pyo3(signature = (**switches))]
    fn hong_kong(_cls: &Bound<'_, PyType>, py: Python<'_>, switches: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        Self::build(py, Variant::HongKong, switches)
    }

    /// The preset of a ruleset name (`"hong-kong"`, alias `"hk"`) with the given switches.
    #[classmethod]
    #[pyo3(signature = (name, **switches))]
    fn from_name(_cls: &Bound<'_, PyType>, py: Python<'_>, name: &str, switches: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let variant = match name {
            "hong-kong" | "hk" => Variant::HongKong,
            _ => return Err(config_err(py, format!("unknown ruleset {name:?} (known: \"hong-kong\", alias \"hk\")"))),
        };
        Self::build(py, variant, switches)
    }

    /// The ruleset's name as in its rules file (`"hong-kong"`).
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    /// Every switch with its value, as a new dict (written in log headers and record files).
    #[getter]
    fn switches<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("rotate_dealer", self.inner.rotate_dealer)?;
        Ok(d)
    }

    /// Tiles dealt to a non-dealer (13 in Hong Kong).
    #[getter]
    fn hand_tiles(&self) -> usize {
        self.inner.hand_tiles()
    }

    /// Sets of the standard winning shape (4 in Hong Kong).
    #[getter]
    fn n_sets(&self) -> usize {
        self.inner.shapes().n_sets
    }

    /// A copy with some switches changed.
    #[pyo3(signature = (**switches))]
    fn replace(&self, py: Python<'_>, switches: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let all = self.switches(py)?;
        if let Some(sw) = switches {
            all.update(sw.as_mapping())?;
        }
        Self::build(py, self.inner.variant, Some(&all))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>, py: Python<'py>) -> PyResult<Reduced<'py>> {
        let ctor = py.import("mahjong_fast.rules")?.getattr("_from_state")?;
        let me = slf.get();
        Ok((ctor, (me.inner.name().to_string(), me.switches(py)?)))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let sw = self.switches(py)?;
        let mut parts = Vec::new();
        for (k, v) in sw.iter() {
            parts.push(format!("{}={}", k.str()?, v.repr()?));
        }
        Ok(format!("Ruleset({:?}, {})", self.inner.name(), parts.join(", ")))
    }
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRuleset>()?;
    Ok(())
}
