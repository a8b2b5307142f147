//! TVMScript: the Python-syntax text form of TensorIR, parsed into `ir` and printed back.
//!
//! May use: `arith`, `diag`, `ir`, `validate`.

pub mod ast;
pub mod build;
pub mod error;
pub mod lexer;
pub mod parser;
pub mod printer;
pub use build::{
    entry_func, no_func_chosen, parse_func, parse_module, scheduled_funcs, take_func,
    CHOOSE_FUNC_HELP,
};
pub use error::{ParseError, ParseErrorKind};
pub use parser::note_main_thread_stack;
pub use printer::{
    print_expr, print_func, print_func_marked, print_module, Printed, SOURCE_TEXT_ATTR,
};
