//! The names of the game in three languages (`crate::rules::names`) as plain dicts:
//! `{"en": ..., "zh-HK": ..., "zh-TW": ...}`.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::rules::names::{Locale, Names, TERMS, TILES};

/// `{"en", "zh-HK", "zh-TW"}` of `names`.
pub(crate) fn names_dict<'py>(py: Python<'py>, names: &Names) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for l in Locale::ALL {
        d.set_item(l.tag(), names.get(l))?;
    }
    Ok(d)
}

/// The same name in every language (a thing without a row of names).
pub(crate) fn same_in_all<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for l in Locale::ALL {
        d.set_item(l.tag(), name)?;
    }
    Ok(d)
}

/// The tags of the languages whose name is descriptive.
pub(crate) fn descriptive_tags(names: &Names) -> Vec<&'static str> {
    names.descriptive.iter().map(|l| l.tag()).collect()
}

/// Every term of the game by key (`"pung"`, `"self_draw"`, `"east"`, `"faan"`), each
/// `{"en", "zh-HK", "zh-TW"}`, in the order of the data.
#[pyfunction]
fn term_names(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    for t in TERMS {
        d.set_item(t.key, names_dict(py, &t.names)?)?;
    }
    Ok(d)
}

/// The terms whose name in a language is descriptive (no source names it so), each with those
/// languages' tags.
#[pyfunction]
fn descriptive_terms(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    for t in TERMS.iter().filter(|t| !t.names.descriptive.is_empty()) {
        d.set_item(t.key, descriptive_tags(&t.names))?;
    }
    Ok(d)
}

/// The names of every tile kind 0..41, `{"en", "zh-HK", "zh-TW"}` each.
#[pyfunction]
fn tile_names(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    TILES.iter().map(|n| names_dict(py, n)).collect()
}

/// The languages of the names: `["en", "zh-HK", "zh-TW"]`.
#[pyfunction]
fn languages() -> Vec<&'static str> {
    Locale::ALL.iter().map(|l| l.tag()).collect()
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(term_names, m)?)?;
    m.add_function(wrap_pyfunction!(descriptive_terms, m)?)?;
    m.add_function(wrap_pyfunction!(tile_names, m)?)?;
    m.add_function(wrap_pyfunction!(languages, m)?)?;
    Ok(())
}
