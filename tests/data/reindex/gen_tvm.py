import os
import tvm

OUT = os.path.dirname(os.path.abspath(__file__))
from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def conv(Input: T.Buffer((1, 16, 16, 3), "float32"), Weight: T.Buffer((3, 3, 3, 8), "float32"), Out: T.Buffer((1, 7, 7, 8), "float32")):
    for i0, i1, i2, i3, i4, i5, i6 in T.grid(1, 7, 7, 8, 3, 3, 3):
        with T.sblock("conv"):
            n, h, w, co, rh, rw, rc = T.axis.remap("SSSSRRR", [i0, i1, i2, i3, i4, i5, i6])
            with T.init():
                Out[n, h, w, co] = T.float32(0)
            Out[n, h, w, co] = Out[n, h, w, co] + Input[n, h * 2 + rh, w * 2 + rw, co // 8 * 3 + rc] * Weight[rh, rw, rc, co]

@T.prim_func(s_tir=True)
def mixed(p0: T.Buffer((T.int64(2), 16), "float16"), p1: T.Buffer((16, 16), "float16"), C: T.Buffer((T.int64(2), 16), "float16")):
    for i0, i1, i2 in T.grid(T.int64(2), 16, 16):
        with T.sblock("C"):
            i, j, k = T.axis.remap("SSR", [i0, i1, i2])
            with T.init():
                C[i, j] = T.float16(0)
            C[i, j] = C[i, j] + p0[i, k] * p1[j, k]

for name, f, buf in [("conv_data", conv, ("read", 0)), ("conv_weight", conv, ("read", 1)), ("mixed", mixed, ("write", 0))]:
    sch = tvm.s_tir.Schedule(f)
    sch.reindex(sch.get_sblock("conv" if "conv" in name else "C"), buf)
    open(f"{OUT}/tvm_{name}.txt", "w").write(sch.mod["main"].script())

# A trace as TVM prints it, and its program (tests/tvm_reindex.rs reads both).
sch = tvm.s_tir.Schedule(conv)
b = sch.get_sblock("conv")
sch.reindex(b, "Weight")
sch.reindex(b, ("read", 0))
open(OUT + "/tvm_conv_both.txt", "w").write(sch.mod["main"].script())
open(OUT + "/tvm_conv_both_trace.py", "w").write(str(sch.trace) + "\n")

# transform_block_layout on the same workloads.
@T.prim_func(s_tir=True)
def elementwise(A: T.Buffer((32, 48), "float32"), B: T.Buffer((32, 48), "float32")):
    for i, j in T.grid(32, 48):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B[vi, vj] = A[vi, vj] * T.float32(2)

for name, f, block, index_map in [
    ("tbl_conv", conv, "conv", lambda n, h, w, co, rh, rw, rc: (n * 49 + h * 7 + w, co, rh * 9 + rw * 3 + rc)),
    ("tbl_split", elementwise, "B", lambda i, j: (i // 16, j, i % 16)),
    ("tbl_fuse", elementwise, "B", lambda i, j: (j * 32 + i,)),
    ("tbl_mixed", mixed, "C", lambda i, j, k: (i * 16 + j, k)),
]:
    sch = tvm.s_tir.Schedule(f)
    sch.transform_block_layout(sch.get_sblock(block), index_map)
    open(f"{OUT}/tvm_{name}.txt", "w").write(sch.mod["main"].script())
