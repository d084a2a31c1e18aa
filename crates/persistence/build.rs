//! Rebuild when a migration changes: they are embedded into the binary.
fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}
