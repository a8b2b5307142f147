//! TVM builtins that tirtui reads, keeps and prints but does not compute
//! (`T.tvm_access_ptr`, `T.tvm_load_matrix_sync`, `T.call_extern`, ...),
//! with the operands only they take: string literals, a buffer's data
//! pointer (`B.data`) and its element offset (`B.elem_offset`).
//!
//! A workload written by TVM's tests uses them inside blocks; schedule
//! primitives move them like any expression, and a buffer whose `.data`
//! appears in one is accessed opaquely (TVM refuses to inline it). The
//! interpreter and codegen refuse them by name: they have no semantics here.
//!
//! The vector builtins of CPU tensor intrinsics' implementations are kept
//! the same way: `T.Ramp(base, stride, lanes)` (a vector index),
//! `T.Broadcast(value, lanes)`, `T.reinterpret("int32", v)`,
//! `T.vectorlow`/`T.vectorhigh` and the LLVM intrinsic calls
//! (`T.call_llvm_pure_intrin("int32x16", "llvm.x86...", ...)`). A call's
//! value has `lanes` lanes of `dtype`; `ir::vector` checks how lanes combine.

use super::{BufferId, DataType, Expr};

/// The builtins, by TVM's op names (`tirx.<name>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Builtin {
    TvmAccessPtr,
    TypeAnnotation,
    TvmLoadMatrixSync,
    TvmStoreMatrixSync,
    TvmFillFragment,
    TvmMmaSync,
    TvmBmmaSync,
    CallExtern,
    CallPureExtern,
    QMultiplyShift,
    QMultiplyShiftPerAxis,
    Ramp,
    Broadcast,
    Reinterpret,
    CallLlvmPureIntrin,
    CallLlvmIntrin,
    VectorLow,
    VectorHigh,
}

impl Builtin {
    pub const ALL: [Builtin; 18] = [
        Builtin::TvmAccessPtr,
        Builtin::TypeAnnotation,
        Builtin::TvmLoadMatrixSync,
        Builtin::TvmStoreMatrixSync,
        Builtin::TvmFillFragment,
        Builtin::TvmMmaSync,
        Builtin::TvmBmmaSync,
        Builtin::CallExtern,
        Builtin::CallPureExtern,
        Builtin::QMultiplyShift,
        Builtin::QMultiplyShiftPerAxis,
        Builtin::Ramp,
        Builtin::Broadcast,
        Builtin::Reinterpret,
        Builtin::CallLlvmPureIntrin,
        Builtin::CallLlvmIntrin,
        Builtin::VectorLow,
        Builtin::VectorHigh,
    ];

    /// The name after `T.` in TVMScript.
    pub fn name(self) -> &'static str {
        match self {
            Builtin::TvmAccessPtr => "tvm_access_ptr",
            Builtin::TypeAnnotation => "type_annotation",
            Builtin::TvmLoadMatrixSync => "tvm_load_matrix_sync",
            Builtin::TvmStoreMatrixSync => "tvm_store_matrix_sync",
            Builtin::TvmFillFragment => "tvm_fill_fragment",
            Builtin::TvmMmaSync => "tvm_mma_sync",
            Builtin::TvmBmmaSync => "tvm_bmma_sync",
            Builtin::CallExtern => "call_extern",
            Builtin::CallPureExtern => "call_pure_extern",
            Builtin::QMultiplyShift => "q_multiply_shift",
            Builtin::QMultiplyShiftPerAxis => "q_multiply_shift_per_axis",
            Builtin::Ramp => "Ramp",
            Builtin::Broadcast => "Broadcast",
            Builtin::Reinterpret => "reinterpret",
            Builtin::CallLlvmPureIntrin => "call_llvm_pure_intrin",
            Builtin::CallLlvmIntrin => "call_llvm_intrin",
            Builtin::VectorLow => "vectorlow",
            Builtin::VectorHigh => "vectorhigh",
        }
    }

    pub fn from_name(name: &str) -> Option<Builtin> {
        // `T.ramp` / `T.broadcast` are tvm.tir's spellings of what TVM prints
        // `T.Ramp` / `T.Broadcast`.
        match name {
            "ramp" => Some(Builtin::Ramp),
            "broadcast" => Some(Builtin::Broadcast),
            _ => Builtin::ALL.into_iter().find(|b| b.name() == name),
        }
    }

    /// The number of arguments TVM's op takes (`None`: any number).
    pub fn arity(self) -> Option<usize> {
        match self {
            Builtin::TvmAccessPtr => Some(5),
            Builtin::TypeAnnotation => Some(1),
            Builtin::TvmLoadMatrixSync | Builtin::TvmStoreMatrixSync => Some(8),
            Builtin::TvmFillFragment => Some(6),
            Builtin::TvmMmaSync | Builtin::TvmBmmaSync => Some(8),
            Builtin::QMultiplyShift => Some(4),
            Builtin::QMultiplyShiftPerAxis => Some(7),
            Builtin::Ramp => Some(3),
            Builtin::Broadcast
            | Builtin::Reinterpret
            | Builtin::VectorLow
            | Builtin::VectorHigh => Some(2),
            Builtin::CallExtern
            | Builtin::CallPureExtern
            | Builtin::CallLlvmPureIntrin
            | Builtin::CallLlvmIntrin => None,
        }
    }

    /// True when the value is a number computed from the arguments
    /// (fixed-point multiply), false for pointers and effects.
    pub fn is_value(self) -> bool {
        matches!(
            self,
            Builtin::QMultiplyShift
                | Builtin::QMultiplyShiftPerAxis
                | Builtin::CallPureExtern
                | Builtin::Ramp
                | Builtin::Broadcast
                | Builtin::Reinterpret
                | Builtin::CallLlvmPureIntrin
                | Builtin::VectorLow
                | Builtin::VectorHigh
        )
    }

    /// True for the calls whose first argument is the result type as a
    /// string (`T.call_extern("int32", "f", ...)`, `T.reinterpret("int32", v)`).
    pub fn has_dtype_arg(self) -> bool {
        matches!(
            self,
            Builtin::CallExtern
                | Builtin::CallPureExtern
                | Builtin::CallLlvmPureIntrin
                | Builtin::CallLlvmIntrin
                | Builtin::Reinterpret
                | Builtin::VectorLow
                | Builtin::VectorHigh
        )
    }

    /// True for the calls of a named function (extern or LLVM intrinsic),
    /// whose name is the argument after the result type.
    pub fn calls_by_name(self) -> bool {
        matches!(
            self,
            Builtin::CallExtern
                | Builtin::CallPureExtern
                | Builtin::CallLlvmPureIntrin
                | Builtin::CallLlvmIntrin
        )
    }
}

/// An opaque operand or call (one `Expr` variant holds them all, boxed, so
/// that expressions stay small).
#[derive(Clone, Debug, PartialEq)]
pub enum Opaque {
    /// `T.<builtin>(args)`: `dtype` is the value's type (int32 stands for
    /// TVM's `handle` and `void`, which are used only for their effect),
    /// of `lanes` lanes (1: a scalar).
    Call {
        op: Builtin,
        dtype: DataType,
        lanes: u32,
        args: Vec<Expr>,
    },
    /// A string literal argument (`"row_major"`, `T.type_annotation("float16")`).
    Str(String),
    /// `B.data`: the buffer's data pointer, an opaque access to all of `B`.
    Data(BufferId),
    /// `B.elem_offset`: where a matched buffer starts in its source.
    ElemOffset(BufferId),
}

impl Opaque {
    /// The buffer this operand names (`B.data`, `B.elem_offset`).
    pub fn buffer(&self) -> Option<BufferId> {
        match self {
            Opaque::Data(b) | Opaque::ElemOffset(b) => Some(*b),
            _ => None,
        }
    }

    pub fn buffer_mut(&mut self) -> Option<&mut BufferId> {
        match self {
            Opaque::Data(b) | Opaque::ElemOffset(b) => Some(b),
            _ => None,
        }
    }

    /// The call's arguments (none for operands).
    pub fn args(&self) -> &[Expr] {
        match self {
            Opaque::Call { args, .. } => args,
            _ => &[],
        }
    }

    pub fn args_mut(&mut self) -> &mut [Expr] {
        match self {
            Opaque::Call { args, .. } => args,
            _ => &mut [],
        }
    }

    /// What to call it in a message: `T.tvm_access_ptr`, `B.data` ...
    pub fn describe(&self) -> String {
        match self {
            // The function an extern or LLVM call names says what it is.
            Opaque::Call { op, args, .. } if op.calls_by_name() => match args.get(1) {
                Some(Expr::Opaque(n)) => match &**n {
                    Opaque::Str(name) => format!("T.{}(\"{name}\")", op.name()),
                    _ => format!("T.{}", op.name()),
                },
                _ => format!("T.{}", op.name()),
            },
            Opaque::Call { op, .. } => format!("T.{}", op.name()),
            Opaque::Str(_) => "a string literal".to_string(),
            Opaque::Data(_) => "a buffer's `.data` pointer".to_string(),
            Opaque::ElemOffset(_) => "a buffer's `.elem_offset`".to_string(),
        }
    }
}

/// The first builtin or opaque operand in `e`, for messages of passes that
/// cannot compute them.
pub fn first_opaque(e: &Expr) -> Option<&Opaque> {
    let mut found = None;
    e.visit(&mut |x| {
        if let (None, Expr::Opaque(o)) = (&found, x) {
            found = Some(&**o);
        }
    });
    found
}

/// Every buffer `e` names through `.data` (opaque accesses).
pub fn data_buffers(e: &Expr, out: &mut Vec<BufferId>) {
    e.visit(&mut |x| {
        if let Expr::Opaque(o) = x {
            if let Opaque::Data(b) = &**o {
                if !out.contains(b) {
                    out.push(*b);
                }
            }
        }
    });
}

/// The blocks (innermost) whose statements name `buffer` through `.data`:
/// an opaque access, which no load or store rewrite can follow.
pub fn blocks_using_data(stmt: &super::Stmt, buffer: BufferId) -> Vec<String> {
    fn walk(s: &super::Stmt, block: &str, buffer: BufferId, out: &mut Vec<String>) {
        let name = match s {
            super::Stmt::BlockRealize(r) => r.block.name.as_str(),
            _ => block,
        };
        let mut hit = false;
        s.for_each_expr(|e| {
            let mut bufs = Vec::new();
            data_buffers(e, &mut bufs);
            hit |= bufs.contains(&buffer);
        });
        if hit && !out.iter().any(|n| n == name) {
            out.push(name.to_string());
        }
        s.for_each_child(|c| walk(c, name, buffer, out));
    }
    let mut out = Vec::new();
    walk(stmt, "root", buffer, &mut out);
    out
}

/// The first builtin or opaque operand in a statement tree, with the
/// innermost block around it (`root` outside every block), for messages.
pub fn first_opaque_in_blocks(stmt: &super::Stmt) -> Option<(String, String)> {
    fn walk(s: &super::Stmt, block: &str) -> Option<(String, String)> {
        let name = match s {
            super::Stmt::BlockRealize(r) => r.block.name.as_str(),
            _ => block,
        };
        let mut what = None;
        s.for_each_expr(|e| {
            if what.is_none() {
                what = first_opaque(e).map(Opaque::describe);
            }
        });
        if let Some(what) = what {
            return Some((name.to_string(), what));
        }
        let mut found = None;
        s.for_each_child(|c| {
            if found.is_none() {
                found = walk(c, name);
            }
        });
        found
    }
    walk(stmt, "root")
}
