//! The `tirtui` command line: a thin layer over `tirtui::cli` (spec section 3).
//!
//! The process starts at a C `main` of its own (`#![no_main]`, see `start`):
//! std's start-up work that a short-lived command pays for but never uses is
//! left out (issue 13).

#![no_main]

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use tirtui::cli;

/// mimalloc, entered through `mi_malloc` (`tirtui::alloc` says why).
#[global_allocator]
static ALLOC: tirtui::alloc::MiMalloc = tirtui::alloc::MiMalloc;

/// mimalloc's first arena, reserved at the first allocation: 32 MiB of
/// address space instead of 1 GiB. Its bitmaps grow with its size and are
/// written when it is reserved: at 1 GiB that was ~35 page faults, a tenth of
/// `tirtui replay S --emit cuda`'s (issue 13). Larger programs get more
/// arenas, each reserved when needed.
mod first_arena {
    use std::ffi::{c_int, c_long};

    /// `mi_option_arena_reserve` in mimalloc 3's `mi_option_t` (KiB).
    const ARENA_RESERVE: c_int = 23;
    /// Its default, which tells that index 23 is that option (and that
    /// `MIMALLOC_ARENA_RESERVE` does not set it already).
    const DEFAULT_KIB: c_long = 1024 * 1024;
    const FIRST_KIB: c_long = 32 * 1024;

    extern "C" {
        fn mi_option_get(option: c_int) -> c_long;
        fn mi_option_set(option: c_int, value: c_long);
    }

    extern "C" fn set_first_arena_size() {
        // SAFETY: plain option reads and writes of the linked mimalloc; this
        // runs before `main`, on the one thread there is.
        unsafe {
            if mi_option_get(ARENA_RESERVE) == DEFAULT_KIB {
                mi_option_set(ARENA_RESERVE, FIRST_KIB);
            }
        }
    }

    /// Runs before Rust's runtime makes the first allocation.
    #[used]
    #[link_section = ".init_array"]
    static SET_FIRST_ARENA_SIZE: extern "C" fn() = set_first_arena_size;
}

#[derive(Parser)]
#[command(
    name = "tirtui",
    version,
    about = "Explore TVM TensorIR schedules: TIR, CUDA and timings as you go"
)]
#[command(args_conflicts_with_subcommands = true)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    /// A workload (.tir) or session (.yaml) to open in the explorer.
    file: Option<PathBuf>,
    /// Colour theme for the explorer (a name from themes/ or a path).
    #[arg(long, default_value = "dark")]
    theme: String,
    /// A Python trace (`trace.py`, as `print(sch.trace)` writes it) or TVM's
    /// JSON trace (`trace.json`, `trace.as_json()`) to apply to the workload
    /// when the explorer opens; its steps are undoable.
    #[arg(long)]
    trace: Option<PathBuf>,
}

#[derive(Subcommand)]
enum Command {
    /// Parse a workload and print it back as TVMScript.
    Print { file: PathBuf },
    /// Apply a session's trace without the terminal UI.
    Replay {
        session: PathBuf,
        /// What to write to stdout.
        #[arg(long, value_enum)]
        emit: Option<EmitArg>,
        /// Compile with NVRTC, run on the GPU and check against a reference.
        #[arg(long)]
        run: bool,
        /// One JSON object on stdout with the figures.
        #[arg(long)]
        json: bool,
        /// Regression gate (implies --run): exit 4 when the kernel is wrong or slower
        /// than its best database record / the session's `results:` for the device.
        #[arg(long)]
        check: bool,
        /// How much slower than the earlier time --check allows (10%, 0.1).
        #[arg(long, default_value = "10%", value_parser = cli::check::parse_tolerance)]
        tolerance: f64,
        /// The results database folder (default: $TIRTUI_DB or ~/.local/share/tirtui).
        #[arg(long)]
        db: Option<PathBuf>,
        /// Where the GPU is: ssh://host[:port], cmd:COMMAND, or local.
        #[arg(long)]
        gpu: Option<String>,
        /// The workload a Python trace (`trace.py`, as `print(sch.trace)` writes
        /// it) or a JSON trace (`trace.json`, TVM's `trace.as_json()`) schedules.
        #[arg(long)]
        workload: Option<PathBuf>,
        /// Binds a shape variable of the workload to a size before replaying
        /// (`--bind n=1024`, repeatable): what lowering and --run need.
        #[arg(long, value_name = "NAME=VALUE", value_parser = cli::replay::parse_binding)]
        bind: Vec<(String, i64)>,
        /// A SparseTIR workload's matrix: `density=0.01,dist=power-law,alpha=1.2,seed=7`,
        /// module constants by name (`M=8192,F=256`), `nnz=N` (docs/sparse.md).
        #[arg(long, value_name = "KEY=VALUE,...", value_parser = tirtui::sparse::options::parse_options)]
        sparse: Option<tirtui::sparse::options::SparseOptions>,
    },
    /// Write a default schedule (no search) of a workload as a session.
    Schedule {
        workload: PathBuf,
        /// Where to write the session (default: stdout).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Which function of a module holding several.
        #[arg(long)]
        func: Option<String>,
    },
    /// Search the sampled decisions of a session's trace for the fastest kernel.
    Tune {
        session: PathBuf,
        /// Candidates to measure.
        #[arg(long, default_value_t = 64)]
        trials: usize,
        /// Where to write the best session (default: <session>_best.yaml beside it).
        #[arg(long)]
        out: Option<PathBuf>,
        /// The results database folder (default: $TIRTUI_DB or ~/.local/share/tirtui).
        #[arg(long)]
        db: Option<PathBuf>,
        /// Where the GPUs are: ssh://host[:port], cmd:COMMAND, local (every GPU
        /// of this machine) or local:N; repeat it to measure on several at once.
        #[arg(long)]
        gpu: Vec<String>,
        /// Seed of the search (the same seed proposes the same candidates).
        #[arg(long)]
        seed: Option<u64>,
        /// No GPU: print the size of the space and how a random sample fares.
        #[arg(long)]
        space: bool,
        /// Random candidates that --space checks.
        #[arg(long, default_value_t = 200)]
        sample: usize,
        /// One JSON object on stdout with the figures.
        #[arg(long)]
        json: bool,
        /// The cost model that ranks candidates so that only its best are
        /// measured: xgb (gradient-boosted trees, saved beside the database as
        /// cost_model.json and reused) or random (the same search, no model).
        #[arg(long, value_enum, default_value = "xgb")]
        model: cli::tune_model::ModelChoice,
        /// Candidates the evolutionary search evolves per round (MetaSchedule: 512).
        #[arg(long, default_value_t = 512)]
        population: usize,
        /// Which function of a workload module holding several (a session
        /// names its own with `func:`).
        #[arg(long)]
        func: Option<String>,
        /// Each candidate's compile time limit in seconds (MetaSchedule's
        /// builder: 30). NVRTC runs in a child process that is killed past
        /// it; the candidate is recorded as a failed build ("compile time
        /// limit exceeded") and the search goes on. 0: no limit.
        #[arg(long, value_name = "SECONDS", default_value = "30", value_parser = cli::tune::parse_seconds)]
        compile_timeout: f64,
        /// Stop the search after this many seconds, as Ctrl-C does: compiles
        /// in flight are killed, the best session and the report are written.
        #[arg(long, value_name = "SECONDS", value_parser = cli::tune::parse_seconds)]
        time: Option<f64>,
    },
    /// The results database.
    Db {
        #[command(subcommand)]
        command: DbCommand,
    },
    /// The GPU worker process (JSON lines on stdin/stdout); started by tirtui itself.
    #[command(hide = true)]
    Worker,
    /// Compiles one kernel with NVRTC: a JSON job on stdin, the binary as JSON
    /// on stdout; started by `tune` so that a compile can be stopped.
    #[command(hide = true, name = "compile-kernel")]
    CompileKernel,
}

#[derive(Subcommand)]
enum DbCommand {
    /// The fastest correct records of a workload (.tir, or a session's workload).
    Top {
        workload: PathBuf,
        /// How many.
        #[arg(short, default_value_t = 5)]
        k: usize,
        /// Only this device.
        #[arg(long)]
        device: Option<String>,
        /// Also print each record's session YAML.
        #[arg(long)]
        yaml: bool,
        /// The results database folder.
        #[arg(long)]
        db: Option<PathBuf>,
    },
    /// Import a MetaSchedule database (TVM's JSONDatabase folder): each record
    /// of the workload becomes a session and a results record.
    Import {
        /// The folder with database_workload.json and database_tuning_record.json.
        dir: PathBuf,
        /// The workload the records are for (.tir, or a session's workload).
        #[arg(long)]
        workload: PathBuf,
        /// Where the sessions go (`<workload>_<record line>.yaml`).
        #[arg(long)]
        out: PathBuf,
        /// The results database folder.
        #[arg(long)]
        db: Option<PathBuf>,
        /// The device the records were measured on (default: TVM's target).
        #[arg(long)]
        device: Option<String>,
    },
    /// Export the results database as a MetaSchedule database TVM 0.27 loads.
    Export {
        /// The folder to write database_workload.json and database_tuning_record.json to.
        #[arg(long)]
        out: PathBuf,
        /// Only this workload's records.
        #[arg(long)]
        workload: Option<PathBuf>,
        /// The results database folder.
        #[arg(long)]
        db: Option<PathBuf>,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum EmitArg {
    Tir,
    Cuda,
    Python,
}

/// What std's runtime does before and after `fn main`, less the main
/// thread's stack-overflow guard: std finds the guard page with
/// `pthread_getattr_np`, which for the main thread has glibc read and scan
/// all of /proc/self/maps, then maps an alternate signal stack; together
/// ~17% of the instructions of `tirtui --version` and 14 system calls. Without
/// them a stack overflow ends the process with SIGSEGV and no message (the
/// parser bounds nesting and grows its stack on demand, so none is expected).
mod start {
    use std::ffi::{c_char, c_int};

    /// The process's entry, called by the C runtime (`__libc_start_main`).
    /// `std::env::args` needs nothing from here: glibc hands std the
    /// arguments through `.init_array`.
    #[no_mangle]
    extern "C" fn main(_argc: c_int, _argv: *const *const c_char) -> c_int {
        standard_fds_open();
        // As std does: a closed pipe is an error from `write`, not a signal
        // that ends the process (`cli::out` stops quietly on it).
        // SAFETY: installs the ignore disposition; no handler runs.
        unsafe { libc::signal(libc::SIGPIPE, libc::SIG_IGN) };
        // A panic that escapes is reported by the panic hook; the exit
        // status is std's (101).
        let code = std::panic::catch_unwind(super::run).unwrap_or(101);
        // Flushes stdout (std's exit clean-up), then the C runtime's exit.
        std::process::exit(code)
    }

    /// As std does at start-up: a standard stream that is closed gets
    /// /dev/null, so that the next file opened cannot become stdin, stdout
    /// or stderr by accident.
    fn standard_fds_open() {
        let mut fds = [0, 1, 2].map(|fd| libc::pollfd {
            fd,
            events: 0,
            revents: 0,
        });
        // SAFETY: `fds` is a valid array of three pollfd; a zero timeout.
        if unsafe { libc::poll(fds.as_mut_ptr(), 3, 0) } < 0 {
            return;
        }
        for fd in fds {
            if fd.revents & libc::POLLNVAL != 0 {
                // SAFETY: a NUL-terminated path; the lowest free descriptor
                // is the closed one, which is the point.
                unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) };
            }
        }
    }
}

/// `pow`, the binary's only function from libm (`f64::powf`: constant folding
/// of `**`, the interpreter, indicatif's rates), loaded from libm the first
/// time it is called rather than with the process: libm is then not needed at
/// start, and a process that never raises to a power (most) does not map it,
/// relocate it or search it for every symbol the binary imports (~9 page
/// faults). The results are glibc's own `pow`.
mod lazy_libm {
    use std::ffi::{c_void, CStr};
    use std::sync::OnceLock;

    type Pow = extern "C" fn(f64, f64) -> f64;

    /// Defines the `pow` symbol that `f64::powf` calls in this binary.
    #[no_mangle]
    extern "C" fn pow(x: f64, y: f64) -> f64 {
        static POW: OnceLock<Pow> = OnceLock::new();
        POW.get_or_init(load_pow)(x, y)
    }

    fn load_pow() -> Pow {
        let lib = open_first(&[c"libm.so.6", c"libm.so"]);
        // SAFETY: `lib` is a handle from dlopen; the name is NUL-terminated.
        let sym = unsafe { libc::dlsym(lib, c"pow".as_ptr()) };
        if sym.is_null() {
            eprintln!("error: libm has no pow");
            std::process::abort();
        }
        // SAFETY: libm's `pow` has exactly this C signature.
        unsafe { std::mem::transmute::<*mut c_void, Pow>(sym) }
    }

    /// The first of `names` that dlopen loads (kept loaded for the process).
    fn open_first(names: &[&CStr]) -> *mut c_void {
        for name in names {
            // SAFETY: a NUL-terminated name; libm has no initialisers that
            // could re-enter `pow`.
            let lib = unsafe { libc::dlopen(name.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
            if !lib.is_null() {
                return lib;
            }
        }
        eprintln!("error: libm could not be loaded (needed for `pow`)");
        std::process::abort();
    }
}

/// The command line's work; returns the exit status.
fn run() -> i32 {
    tirtui::script::note_main_thread_stack();
    let args = match Args::try_parse() {
        Ok(a) => a,
        Err(e) => {
            let code = if e.use_stderr() {
                cli::EXIT_BAD_INPUT
            } else {
                0
            };
            let _ = e.print();
            return code;
        }
    };
    let code = match args.command {
        Some(Command::Print { file }) => cli::print(&file),
        Some(Command::Schedule {
            workload,
            out,
            func,
        }) => cli::schedule::schedule_command(&workload, out.as_deref(), func.as_deref()),
        Some(Command::Replay {
            session,
            emit,
            run,
            json,
            check,
            tolerance,
            db,
            gpu,
            workload,
            bind,
            sparse,
        }) => {
            let emit = emit.map(|e| match e {
                EmitArg::Tir => cli::replay::Emit::Tir,
                EmitArg::Cuda => cli::replay::Emit::Cuda,
                EmitArg::Python => cli::replay::Emit::Python,
            });
            let check = check.then_some(tolerance);
            let opts = cli::replay::ReplayOptions {
                emit,
                run,
                json,
                check,
                db,
                gpu,
                workload,
                bind,
                sparse,
            };
            cli::replay::replay(&session, &opts)
        }
        Some(Command::Tune {
            session,
            trials,
            out,
            db,
            gpu,
            seed,
            space,
            sample,
            json,
            model,
            population,
            func,
            compile_timeout,
            time,
        }) => cli::tune::tune_command(&cli::tune::TuneArgs {
            session,
            trials,
            out,
            db,
            gpu,
            seed,
            space,
            sample,
            json,
            model,
            population,
            func,
            compile_timeout: (compile_timeout > 0.0)
                .then(|| std::time::Duration::from_secs_f64(compile_timeout)),
            time: time.map(std::time::Duration::from_secs_f64),
        }),
        Some(Command::Db {
            command:
                DbCommand::Top {
                    workload,
                    k,
                    device,
                    yaml,
                    db,
                },
        }) => cli::db::top(
            &workload,
            &cli::db::TopOptions {
                k,
                db: db.as_deref(),
                device: device.as_deref(),
                yaml,
            },
        ),
        Some(Command::Db {
            command:
                DbCommand::Import {
                    dir,
                    workload,
                    out,
                    db,
                    device,
                },
        }) => cli::db_ms::import(
            &dir,
            &cli::db_ms::ImportOptions {
                workload: &workload,
                out: &out,
                db: db.as_deref(),
                device: device.as_deref(),
            },
        ),
        Some(Command::Db {
            command: DbCommand::Export { out, workload, db },
        }) => cli::db_ms::export(&cli::db_ms::ExportOptions {
            out: &out,
            workload: workload.as_deref(),
            db: db.as_deref(),
        }),
        Some(Command::Worker) => tirtui::runtime::worker_main(),
        Some(Command::CompileKernel) => tirtui::runtime::compile_child::child_main(),
        None => match args.file {
            Some(file) => cli::explore(&file, &args.theme, args.trace.as_deref()),
            None => {
                eprintln!("usage: tirtui FILE.tir | SESSION.yaml (or tirtui --help)");
                cli::EXIT_BAD_INPUT
            }
        },
    };
    code.clamp(0, 255)
}
