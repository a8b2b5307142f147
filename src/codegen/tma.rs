//! TMA copies and mbarriers in CUDA (Hopper, sm_90): `T.tma_load` prints as
//! one elected thread's `mbarrier.arrive.expect_tx` and
//! `cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes`
//! per panel, `T.mbarrier_init` as `mbarrier.init` (one arrival) and
//! `T.mbarrier_wait_parity` as a `mbarrier.try_wait.parity` loop.
//!
//! Each distinct (global buffer, box, swizzle) is a tensor map the kernel
//! takes by value after its pointers (`const __grid_constant__
//! tirtui_tensor_map`, the 128-byte `CUtensorMap` the host encodes with
//! `cuTensorMapEncodeTiled`). The source says which, one line per map
//! before the kernel (`TENSOR_MAP_MARKER`), in parameter order:
//! `tensor_maps` reads them back for the runtime.
//!
//! A kernel using these needs sm_90: the helpers refuse to compile for an
//! older architecture (`#error`), so no GPU without a TMA runs them.
//!
//! Invariant: prints text; decides nothing about the program.

use crate::ir::{BufferId, Expr, Intrinsic};
use crate::lower::lir::{LStmt, Lowered};

/// The helper name `Writer::helpers` records for the TMA and mbarrier helpers.
pub const HELPER: &str = "tirtui_tma";

/// The start of the line naming one tensor map parameter of a kernel.
pub const TENSOR_MAP_MARKER: &str = "// tirtui: tensor map";

/// A tensor map a kernel takes: the 2-d global buffer it describes (an
/// index into the program's arguments), its box and its swizzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TensorMapSpec {
    /// The kernel (`extern "C"` name) that takes it.
    pub kernel: String,
    /// Index into the program's arguments (`CudaKernel::args`, then temporaries).
    pub arg: usize,
    /// Box rows (outer) and columns (inner), in elements.
    pub box_rows: u32,
    pub box_cols: u32,
    /// The swizzle row in bytes (32, 64 or 128).
    pub swizzle: u32,
}

/// The tensor maps of a kernel's `T.tma_load` calls, in first-use order:
/// `(global buffer, rows, cols, swizzle)`.
pub fn kernel_maps(f: &Lowered) -> Vec<(BufferId, i64, i64, i64)> {
    let mut out: Vec<(BufferId, i64, i64, i64)> = Vec::new();
    f.body.visit(&mut |s| {
        let LStmt::Evaluate(Expr::Call(Intrinsic::TmaLoad, args)) = s else {
            return;
        };
        if let Some(m) = map_of(f, args) {
            if !out.contains(&m) {
                out.push(m);
            }
        }
    });
    out
}

fn map_of(f: &Lowered, args: &[Expr]) -> Option<(BufferId, i64, i64, i64)> {
    let (Some(Expr::Load(tile, _)), Some(Expr::Load(g, _))) = (args.first(), args.get(2)) else {
        return None;
    };
    let int = |i: usize| args.get(i).and_then(Expr::as_int);
    Some((*g, int(6)?, int(7)?, f.buffer(*tile).swizzle_bytes))
}

/// The C name of a tensor map parameter.
pub fn map_name(global: &str, rows: i64, cols: i64, swizzle: i64) -> String {
    format!("{global}_tmap_{rows}x{cols}_sw{swizzle}")
}

/// The marker line of one tensor map (with its newline).
pub fn marker(kernel: &str, arg: usize, rows: i64, cols: i64, swizzle: i64) -> String {
    format!("{TENSOR_MAP_MARKER} of {kernel}: arg {arg} box {rows}x{cols} swizzle {swizzle}\n")
}

/// The tensor maps a source's kernels take, as its marker lines say.
pub fn tensor_maps(source: &str) -> Result<Vec<TensorMapSpec>, String> {
    source
        .lines()
        .filter(|l| l.starts_with(TENSOR_MAP_MARKER))
        .map(|l| {
            // A marker that does not read back would launch the kernel with
            // a tensor map fewer than it declares: an error, never skipped.
            parse_marker(l).ok_or_else(|| format!("unreadable tensor map marker `{l}`"))
        })
        .collect()
}

fn parse_marker(line: &str) -> Option<TensorMapSpec> {
    let rest = line.strip_prefix(TENSOR_MAP_MARKER)?.strip_prefix(" of ")?;
    let (kernel, rest) = rest.split_once(": arg ")?;
    let (arg, rest) = rest.split_once(" box ")?;
    let (bx, swizzle) = rest.split_once(" swizzle ")?;
    let (rows, cols) = bx.split_once('x')?;
    Some(TensorMapSpec {
        kernel: kernel.to_string(),
        arg: arg.parse().ok()?,
        box_rows: rows.parse().ok()?,
        box_cols: cols.parse().ok()?,
        swizzle: swizzle.parse().ok()?,
    })
}

/// The helpers' CUDA text.
pub fn helper_source() -> String {
    r#"// tirtui: TMA copies and mbarriers need sm_90
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
#error "tirtui: TMA copies (cp.async.bulk.tensor) and mbarrier waits need sm_90 (Hopper)"
#endif
struct __align__(64) tirtui_tensor_map { unsigned long long opaque[16]; };
__device__ __forceinline__ bool tirtui_elected() {
  return threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0;
}
__device__ __forceinline__ void tirtui_mbarrier_init(unsigned long long* bar) {
  if (tirtui_elected()) {
    unsigned int b = (unsigned int)__cvta_generic_to_shared(bar);
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;\n" :: "r"(b) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
  }
}
__device__ __forceinline__ void tirtui_mbarrier_wait(unsigned long long* bar, int parity) {
  unsigned int b = (unsigned int)__cvta_generic_to_shared(bar);
  asm volatile("{\n.reg .pred done;\nTIRTUI_WAIT:\n"
    "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
    "@!done bra TIRTUI_WAIT;\n}\n" :: "r"(b), "r"(parity) : "memory");
}
__device__ __forceinline__ void tirtui_tma_load_2d(void* dst, unsigned long long* bar, const tirtui_tensor_map* map, int col, int row, int panels, int panel_bytes, int box_cols) {
  if (tirtui_elected()) {
    unsigned int b = (unsigned int)__cvta_generic_to_shared(bar);
    unsigned int d = (unsigned int)__cvta_generic_to_shared(dst);
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" :: "r"(b), "r"(panels * panel_bytes) : "memory");
    for (int p = 0; p < panels; ++p) {
      asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];\n"
        :: "r"(d + p * panel_bytes), "l"((unsigned long long)map), "r"(col + p * box_cols), "r"(row), "r"(b) : "memory");
    }
  }
}
"#
    .to_string()
}

impl super::expr::ExprCtx<'_> {
    /// The text of a TMA or mbarrier call, with the helpers recorded.
    pub fn tma_call(&mut self, f: Intrinsic, args: &[Expr]) -> String {
        self.helpers.insert(HELPER);
        let printed: Vec<String> = args.iter().map(|a| self.expr(a)).collect();
        let p = |i: usize| printed.get(i).cloned().unwrap_or_default();
        match f {
            Intrinsic::MbarrierInit => format!("tirtui_mbarrier_init(&{})", p(0)),
            Intrinsic::MbarrierWait => format!("tirtui_mbarrier_wait(&{}, {})", p(0), p(1)),
            _ => {
                let Some((g, rows, cols, sw)) = map_of(self.f, args) else {
                    return "/* a tma_load without its tile and tensor */".to_string();
                };
                let eb = args.first().map_or(1, |a| self.dtype(a).bytes() as i64);
                format!(
                    "tirtui_tma_load_2d(&{}, &{}, &{}, {}, {}, {}, {}, {cols})",
                    p(0),
                    p(1),
                    map_name(self.names.buffer(g), rows, cols, sw),
                    p(4),
                    p(3),
                    p(5),
                    rows * cols * eb,
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_marker_lines_read_back() {
        let src = format!(
            "x\n{}{}y\n",
            marker("main_kernel", 0, 128, 64, 128),
            marker("main_kernel_1", 3, 64, 32, 64)
        );
        assert_eq!(
            tensor_maps(&src).unwrap(),
            vec![
                TensorMapSpec {
                    kernel: "main_kernel".into(),
                    arg: 0,
                    box_rows: 128,
                    box_cols: 64,
                    swizzle: 128
                },
                TensorMapSpec {
                    kernel: "main_kernel_1".into(),
                    arg: 3,
                    box_rows: 64,
                    box_cols: 32,
                    swizzle: 64
                },
            ]
        );
        let bad = tensor_maps("// tirtui: tensor map of k: arg x box 1x2 swizzle 3").unwrap_err();
        assert!(bad.contains("unreadable tensor map marker"), "{bad}");
    }
}
