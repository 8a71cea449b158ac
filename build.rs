//! Records the commit the app is built from (`app.commit` of a study record): `FERMI_PLAYGROUND_COMMIT` when
//! set, else `git rev-parse HEAD`, else "unknown", said as a build warning.

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
}

fn main() {
    println!("cargo:rerun-if-env-changed=FERMI_PLAYGROUND_COMMIT");
    // A new commit moves HEAD or the branch it names (a worktree's HEAD lives in its own git folder).
    for path in ["HEAD", "logs/HEAD"] {
        if let Some(p) = git(&["rev-parse", "--git-path", path]) {
            println!("cargo:rerun-if-changed={p}");
        }
    }
    let commit = std::env::var("FERMI_PLAYGROUND_COMMIT")
        .ok()
        .filter(|c| !c.trim().is_empty())
        .or_else(|| git(&["rev-parse", "HEAD"]))
        .unwrap_or_else(|| {
            println!(
                "cargo:warning=the commit is unknown (no git, and FERMI_PLAYGROUND_COMMIT is not set): study records will say \"unknown\""
            );
            "unknown".into()
        });
    println!("cargo:rustc-env=FERMI_PLAYGROUND_COMMIT={commit}");
}
