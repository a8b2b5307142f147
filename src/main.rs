//! The `tirtui` command line: a thin layer over `tirtui::cli` (spec section 3).

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use tirtui::cli;

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
    },
    /// The GPU worker process (JSON lines on stdin/stdout); started by tirtui itself.
    #[command(hide = true)]
    Worker,
}

#[derive(Clone, Copy, ValueEnum)]
enum EmitArg {
    Tir,
    Cuda,
    Python,
}

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(a) => a,
        Err(e) => {
            let code = if e.use_stderr() {
                cli::EXIT_BAD_INPUT
            } else {
                0
            };
            let _ = e.print();
            return ExitCode::from(code as u8);
        }
    };
    let code = match args.command {
        Some(Command::Print { file }) => cli::print(&file),
        Some(Command::Replay {
            session,
            emit,
            run,
            json,
        }) => {
            let emit = emit.map(|e| match e {
                EmitArg::Tir => cli::replay::Emit::Tir,
                EmitArg::Cuda => cli::replay::Emit::Cuda,
                EmitArg::Python => cli::replay::Emit::Python,
            });
            cli::replay::replay(&session, &cli::replay::ReplayOptions { emit, run, json })
        }
        Some(Command::Worker) => tirtui::runtime::worker_main(),
        None => match args.file {
            Some(file) => cli::explore(&file, &args.theme),
            None => {
                eprintln!("usage: tirtui FILE.tir | SESSION.yaml (or tirtui --help)");
                cli::EXIT_BAD_INPUT
            }
        },
    };
    ExitCode::from(code.clamp(0, 255) as u8)
}
