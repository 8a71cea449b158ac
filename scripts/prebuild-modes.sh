#!/bin/sh
# Trunk's pre_build hook (Trunk.toml): in a release build, every mode's bin (src/bin/) in one cargo call, so that
# cargo links them two at a time where there are two cores; Trunk's own calls, one bin each, then find them built.
# Those calls take cargo's lock in turn, so without this the four fat-LTO links run one after another. The flags are
# the ones Trunk passes (Trunk.toml's `offline`), so the builds are the same.
[ "$TRUNK_PROFILE" = release ] || exit 0
exec cargo build --target=wasm32-unknown-unknown --release --offline --bins
