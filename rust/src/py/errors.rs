//! The exception classes of design §6, made by the core: `MahjongError(ValueError)` and its
//! five subclasses, created once when `_core` is imported and raised from here. The Python
//! package re-exports them (`mahjong_fast.errors`); the native module imports nothing from it.
//!
//! Built with `PyErr::new_type` rather than `#[pyclass(extends = PyValueError)]`: the wheel is
//! abi3 for CPython 3.10, and a pyclass can extend an exception under the limited API only from
//! 3.12 on. The constructors with attributes (`InvalidTileError.position`, `.reason`;
//! `InvalidHandError.kind`, `.tiles`, `.count`, `.expected`;
//! `IllegalActionError.code`; `RuleConfigError.switch`, `.code`; `ReplayError.line`) are Rust
//! functions bound as `__init__` through [`RustInit`]. The classes' `__module__` is
//! `mahjong_fast.errors`, their public home: tracebacks and pickles name them there.

use pyo3::exceptions::{PyBaseException, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyCFunction, PyDict, PyTuple, PyType};

use crate::error::{HandFault, IllegalCode, MahjongError};

/// The classes, made once at import.
struct Classes {
    base: Py<PyType>,
    tile: Py<PyType>,
    hand: Py<PyType>,
    illegal: Py<PyType>,
    rule: Py<PyType>,
    replay: Py<PyType>,
}

static CLASSES: PyOnceLock<Classes> = PyOnceLock::new();

/// An `__init__(self, *args, **kwargs)` written in Rust.
type InitFn = fn(&Bound<'_, PyAny>, &Bound<'_, PyTuple>, Option<&Bound<'_, PyDict>>) -> PyResult<()>;

/// A method descriptor for an [`InitFn`]: `instance.__init__` is the function with the
/// instance bound first, as a Python `def __init__(self, ...)` would be.
#[pyclass(frozen, module = "mahjong_fast._core", name = "_RustInit")]
struct RustInit {
    init: InitFn,
}

#[pymethods]
impl RustInit {
    fn __get__(slf: Bound<'_, Self>, obj: Option<Bound<'_, PyAny>>, _owner: Option<Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let Some(obj) = obj else { return Ok(slf.into_any().unbind()) };
        let init = slf.get().init;
        let this = obj.unbind();
        let bound = PyCFunction::new_closure(py, Some(c"__init__"), None, move |args, kwargs| -> PyResult<Py<PyAny>> {
            init(this.bind(args.py()), args, kwargs)?;
            Ok(args.py().None())
        })?;
        Ok(bound.into_any().unbind())
    }

    /// The unbound form, `Class.__init__(instance, ...)`.
    #[pyo3(signature = (obj, *args, **kwargs))]
    fn __call__(&self, obj: &Bound<'_, PyAny>, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
        (self.init)(obj, args, kwargs)
    }
}

/// `BaseException.__init__(obj, message)`: `str(obj)` and `obj.args` are the message.
fn set_message(obj: &Bound<'_, PyAny>, message: &Bound<'_, PyAny>) -> PyResult<()> {
    obj.py().get_type::<PyBaseException>().getattr("__init__")?.call1((obj, message))?;
    Ok(())
}

/// The arguments of a constructor `(message, a=None, b=None)`: positional or by keyword, as a
/// Python signature would take them; anything else is a `TypeError` naming the class.
fn bind_args<'py, const N: usize>(
    obj: &Bound<'py, PyAny>,
    names: [&str; N],
    required: usize,
    args: &Bound<'py, PyTuple>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<[Option<Bound<'py, PyAny>>; N]> {
    let cls = obj.get_type().name().map(|n| n.to_string()).unwrap_or_default();
    if args.len() > N {
        return Err(PyTypeError::new_err(format!("{cls}() takes at most {N} arguments ({} given)", args.len())));
    }
    let mut out: [Option<Bound<'py, PyAny>>; N] = std::array::from_fn(|i| args.get_item(i).ok());
    if let Some(kwargs) = kwargs {
        for (key, value) in kwargs.iter() {
            let key: String = key.extract()?;
            let Some(i) = names.iter().position(|n| *n == key) else {
                return Err(PyTypeError::new_err(format!("{cls}() got an unexpected keyword argument {key:?}")));
            };
            if out[i].is_some() {
                return Err(PyTypeError::new_err(format!("{cls}() got multiple values for argument {key:?}")));
            }
            out[i] = Some(value);
        }
    }
    if let Some(missing) = (0..required).find(|&i| out[i].is_none()) {
        return Err(PyTypeError::new_err(format!("{cls}() missing required argument {:?}", names[missing])));
    }
    Ok(out)
}

/// `x` or `None`.
fn or_none<'py>(py: Python<'py>, x: Option<Bound<'py, PyAny>>) -> Bound<'py, PyAny> {
    x.unwrap_or_else(|| py.None().into_bound(py))
}

/// `InvalidTileError(message, position=None, reason=None)`; `reason` defaults to the message.
fn tile_init(obj: &Bound<'_, PyAny>, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
    let py = obj.py();
    let [message, position, reason] = bind_args(obj, ["message", "position", "reason"], 1, args, kwargs)?;
    let message = or_none(py, message);
    set_message(obj, &message)?;
    obj.setattr("position", or_none(py, position))?;
    let reason = reason.filter(|r| !r.is_none()).unwrap_or(message);
    obj.setattr("reason", reason)
}

/// `InvalidHandError(message, kind=None, tiles=(), count=None, expected=())`: what is wrong
/// as data beside the message (see [`crate::error::HandFault`]).
fn hand_init(obj: &Bound<'_, PyAny>, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
    let py = obj.py();
    let [message, kind, tiles, count, expected] =
        bind_args(obj, ["message", "kind", "tiles", "count", "expected"], 1, args, kwargs)?;
    set_message(obj, &or_none(py, message))?;
    obj.setattr("kind", or_none(py, kind))?;
    let tuple = |x: Option<Bound<'_, PyAny>>| -> PyResult<Py<PyAny>> {
        match x.filter(|x| !x.is_none()) {
            Some(x) => Ok(PyTuple::new(py, x.try_iter()?.collect::<PyResult<Vec<_>>>()?)?.into_any().unbind()),
            None => Ok(PyTuple::empty(py).into_any().unbind()),
        }
    };
    obj.setattr("tiles", tuple(tiles)?)?;
    obj.setattr("count", or_none(py, count))?;
    obj.setattr("expected", tuple(expected)?)
}

/// `IllegalActionError(code, message)`: `str()` is `"CODE: message"`; a code outside
/// `ILLEGAL_ACTION_CODES` is a `ValueError`.
fn illegal_init(obj: &Bound<'_, PyAny>, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
    let [Some(code), Some(message)] = bind_args(obj, ["code", "message"], 2, args, kwargs)? else {
        return Err(PyTypeError::new_err("IllegalActionError() takes a code and a message"));
    };
    let known = code.extract::<String>().ok().is_some_and(|c| IllegalCode::ALL.iter().any(|k| k.code() == c));
    if !known {
        return Err(PyValueError::new_err(format!("unknown illegal-action code {}", code.repr()?)));
    }
    set_message(obj, &pyo3::types::PyString::new(obj.py(), &format!("{}: {}", code.str()?, message.str()?)))?;
    obj.setattr("code", code)
}

/// `RuleConfigError(message, switch=None, code=None)`.
fn rule_init(obj: &Bound<'_, PyAny>, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
    let py = obj.py();
    let [message, switch, code] = bind_args(obj, ["message", "switch", "code"], 1, args, kwargs)?;
    set_message(obj, &or_none(py, message))?;
    obj.setattr("switch", or_none(py, switch))?;
    obj.setattr("code", or_none(py, code))
}

/// `ReplayError(message, line=None)`: `str()` starts `"line N: "` when the line is known.
fn replay_init(obj: &Bound<'_, PyAny>, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
    let py = obj.py();
    let [message, line] = bind_args(obj, ["message", "line"], 1, args, kwargs)?;
    let message = or_none(py, message);
    let line = or_none(py, line);
    if line.is_none() {
        set_message(obj, &message)?;
    } else {
        set_message(obj, &pyo3::types::PyString::new(py, &format!("line {}: {}", line.str()?, message.str()?)))?;
    }
    obj.setattr("line", line)
}

const BASE_DOC: &std::ffi::CStr = c"Base class of every error mahjong_fast raises for bad input (a ValueError).";
const TILE_DOC: &std::ffi::CStr = c"Tile notation that cannot be read.

Attributes:
    position: 0-based character offset in the string where the problem is
        (``None`` when the error is not about one position).
    reason: what is wrong there, in words.";
const HAND_DOC: &std::ffi::CStr = c"Tiles that cannot make the hand asked for: a fifth copy of a kind, a second copy of a
bonus tile, the wrong number of tiles for the operation, or an impossible scoring
situation (HK §14a, TW §10a).

Attributes:
    kind: what is wrong: ``\"too_many_copies\"``, ``\"bonus_twice\"``, ``\"bad_meld\"``,
        ``\"wrong_size\"``, ``\"situation\"``, or ``None`` when only the message says it.
    tiles: the tiles it is about, in notation (``(\"1m\",)``; empty when none).
    count: the number of tiles given, for ``\"wrong_size\"`` (else ``None``).
    expected: the numbers of tiles wanted, for ``\"wrong_size\"`` (else empty).";
const ILLEGAL_DOC: &std::ffi::CStr = c"An action that the rules forbid in the current game state (HK §13).

The game state is unchanged when this is raised.

Attributes:
    code: one of ``ILLEGAL_ACTION_CODES``, e.g. ``\"WRONG_PHASE\"``.";
const RULE_DOC: &std::ffi::CStr = c"A ruleset name, switch or option that does not exist or has an impossible value.

Attributes:
    switch: the switch at fault, as the ruleset's switch table names it (``\"min_faan\"``;
        ``\"preset\"`` for an unknown preset or ruleset name; ``None`` when the error is not
        about one switch, e.g. a match option).
    code: the rules' code of the refusal where they give one (TW §20.3: ``\"CE-UNKNOWN\"``
        for an unknown switch or a value it does not take, ``\"CE-TABLE\"`` for a high-table
        option with the low table), else ``None``.";
const REPLAY_DOC: &std::ffi::CStr = c"An event log that cannot be replayed: unreadable, of an unknown format, or
recording an action that breaks a rule (the offending line number is in the message).

Attributes:
    line: 1-based line number of the offending event (``None`` if not about one line).";

/// Make one class, with a Rust `__init__` when it has one.
fn make(
    py: Python<'_>,
    name: &std::ffi::CStr,
    doc: &std::ffi::CStr,
    base: &Bound<'_, PyType>,
    init: Option<InitFn>,
) -> PyResult<Py<PyType>> {
    let dict = PyDict::new(py);
    if let Some(init) = init {
        dict.set_item("__init__", Bound::new(py, RustInit { init })?)?;
    }
    // `new_type` drops the `Py` it is given before the type is made: hand it a second
    // reference and keep `dict` alive until the call returns.
    let made = PyErr::new_type(py, name, Some(doc), Some(base), Some(dict.clone().into_any().unbind()));
    drop(dict);
    made
}

fn classes(py: Python<'_>) -> PyResult<&Classes> {
    CLASSES.get_or_try_init(py, || {
        let base = make(py, c"mahjong_fast.errors.MahjongError", BASE_DOC, &py.get_type::<PyValueError>(), None)?;
        let b = base.bind(py);
        Ok(Classes {
            tile: make(py, c"mahjong_fast.errors.InvalidTileError", TILE_DOC, b, Some(tile_init))?,
            hand: make(py, c"mahjong_fast.errors.InvalidHandError", HAND_DOC, b, Some(hand_init))?,
            illegal: make(py, c"mahjong_fast.errors.IllegalActionError", ILLEGAL_DOC, b, Some(illegal_init))?,
            rule: make(py, c"mahjong_fast.errors.RuleConfigError", RULE_DOC, b, Some(rule_init))?,
            replay: make(py, c"mahjong_fast.errors.ReplayError", REPLAY_DOC, b, Some(replay_init))?,
            base,
        })
    })
}

/// An instance of `cls(*args)` as the error to raise (or the error its construction gave).
fn raise<'py>(py: Python<'py>, pick: impl FnOnce(&Classes) -> &Py<PyType>, args: impl pyo3::call::PyCallArgs<'py>) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let cls = pick(classes(py)?).bind(py);
        Ok(PyErr::from_value(cls.call1(args)?))
    };
    build().unwrap_or_else(|e| e)
}

/// The Python exception of a core error.
pub(crate) fn to_py_err(py: Python<'_>, e: MahjongError) -> PyErr {
    let message = e.to_string();
    match e {
        MahjongError::InvalidTile { pos, reason } => raise(py, |c| &c.tile, (message, pos, reason)),
        MahjongError::InvalidHand { fault, .. } => {
            let (count, expected) = match &fault {
                HandFault::WrongSize { count, expected } => (Some(*count), expected.clone()),
                _ => (None, Vec::new()),
            };
            raise(py, |c| &c.hand, (message, fault.kind(), fault.tiles(), count, expected))
        }
        MahjongError::RuleConfig(_) => raise(py, |c| &c.rule, (message,)),
        MahjongError::Switch { switch, code, .. } => raise(py, |c| &c.rule, (message, switch, code)),
        MahjongError::IllegalAction { code, message } => raise(py, |c| &c.illegal, (code.code(), message)),
    }
}

/// `MahjongError(msg)`: an argument value out of its range that is not a tile, a hand, an
/// action or a rule (a seed, a deal index, a number of deals).
pub(crate) fn value_err(py: Python<'_>, msg: String) -> PyErr {
    raise(py, |c| &c.base, (msg,))
}

/// `InvalidTileError(msg)` about a value rather than a position in a string (`position=None`).
pub(crate) fn tile_value_err(py: Python<'_>, msg: String) -> PyErr {
    raise(py, |c| &c.tile, (msg.clone(), py.None(), msg))
}

/// Add the classes and `ILLEGAL_ACTION_CODES` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let c = classes(py)?;
    for cls in [&c.base, &c.tile, &c.hand, &c.illegal, &c.rule, &c.replay] {
        let cls = cls.bind(py);
        m.add(cls.name()?, cls)?;
    }
    let codes: Vec<&str> = IllegalCode::ALL.iter().map(|c| c.code()).collect();
    m.add("ILLEGAL_ACTION_CODES", PyTuple::new(py, codes)?)?;
    Ok(())
}
