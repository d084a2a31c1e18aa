//! The `oppas` binary.

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    match oppas_app::cli::run(oppas_app::cli::Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("oppas: {error:#}");
            ExitCode::FAILURE
        }
    }
}
