use crate::trace::{Session, Trace};
use std::path::Path;

fn scheduled(path: &Path) -> crate::ir::PrimFunc {
    let session = Session::load(path).unwrap_or_else(|e| panic!("{e}"));
    let (name, text) = session.workload_source(Some(path)).unwrap();
    let func = crate::script::parse_func(&text, session.func.as_deref())
        .unwrap_or_else(|e| panic!("{}", e.to_diagnostic(&name, &text).render()));
    let mut trace = Trace::new(func);
    for step in &session.steps {
        if let Err(e) = trace.push(step.clone()) {
            panic!("{}", e.to_diagnostic(&path.display().to_string()).render());
        }
    }
    trace.func().clone()
}

#[test]
fn scratch_dump() {
    let which = std::env::var("SCRATCH").unwrap_or_default();
    if which.is_empty() {
        return;
    }
    let func = scheduled(Path::new(&which));
    println!("{}", crate::script::print_func(&func));
    for p in crate::lower::PASSES {
        if std::env::var("PASS").map(|x| x == *p).unwrap_or(false) {
            match crate::lower::lower_until(&func, p) {
                Ok(crate::lower::Stage::Lowered(l)) => println!("{l}"),
                Ok(crate::lower::Stage::Tir(t)) => println!("{}", crate::script::print_func(&t)),
                Err(e) => println!("ERR {e}"),
            }
        }
    }
    match super::generate(&func) {
        Ok(o) => {
            println!("{}\n{:?}", o.kernel.source, o.block_lines);
            match crate::runtime::nvrtc_compile(&o.kernel, "sm_90") {
                Ok(r) => {
                    let ldl = r.ptx.matches("ld.local").count();
                    let stl = r.ptx.matches("st.local").count();
                    let fma = r.ptx.matches("fma.rn.f32").count();
                    println!("NVRTC ok: log {:?} ld.local {ldl} st.local {stl} fma {fma} ld.shared.v4 {} ld.global.v4 {}", r.log, r.ptx.matches("ld.shared.v4").count(), r.ptx.matches("ld.global.nc.v4").count() + r.ptx.matches("ld.global.v4").count());
                }
                Err(e) => println!("NVRTC ERR {e}"),
            }
        }
        Err(e) => println!("ERR {e}"),
    }
}
