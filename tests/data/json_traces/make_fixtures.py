"""Writes this folder's fixtures with TVM 0.27 (run here: python3 make_fixtures.py):
the workload as TVM prints it, one schedule's trace as TVM's JSON
(`trace.as_json()`, plain as the conformance runner writes it) and as Python
(`print(sch.trace)`), and TVM's program at the end."""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "scripts" / "tvm_conformance"))
import tvm
from tvm.script import tirx as T
@T.prim_func(s_tir=True)
def mm(A: T.Buffer((64,64),"float32"), B: T.Buffer((64,64),"float32"), C: T.Buffer((64,64),"float32")):
    for i,j,k in T.grid(64,64,64):
        with T.sblock("C"):
            vi,vj,vk = T.axis.remap("SSR",[i,j,k])
            with T.init():
                C[vi,vj]=0.0
            C[vi,vj]=C[vi,vj]+A[vi,vk]*B[vk,vj]
sch = tvm.s_tir.Schedule(mm)
open("gemm64.tir","w").write(sch.mod["main"].script())
b = sch.get_sblock("C")
i,j,k = sch.get_loops(b)
f = sch.sample_perfect_tile(i, n=2, decision=[8, 8])
i0,i1 = sch.split(i, factors=f)
j0,j1 = sch.split(j, factors=[None, 16])
sch.reorder(j0, i0, i1)
fu = sch.fuse(j0,i0)
sch.annotate(b, "x", 3); sch.annotate(b, "y", 1.5); sch.annotate(fu, "z", "s")
c = sch.cache_read(b, 0, "shared")
sch.compute_at(c, fu)
sch.unroll(j1)
v = sch.sample_categorical([1,2,4],[0.5,0.25,0.25], decision=1)
sch.annotate(b, "w", v)
sch.transform_layout(b, ("read",1), lambda a,b: (b // 16, a, b % 16))
sch.decompose_reduction(b, k)
import record_plugin
js = record_plugin._trace_json(sch.trace)
open("gemm64_trace.json","w").write(json.dumps(js) + "\n")
open("gemm64_trace.py","w").write(str(sch.trace) + "\n")
open("gemm64_tvm.tir","w").write(sch.mod["main"].script())
