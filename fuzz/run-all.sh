#!/usr/bin/env bash
# Run every fuzz target of pidkit in turn (nightly + cargo-fuzz), each for SECONDS (default 300),
# after building the seed corpora from ../shared/conformance when fuzz/corpus/ is missing.
# Prints one line per target: name, seconds, executions, and whether anything was found.
#   fuzz/run-all.sh [SECONDS] [TARGET...]
set -uo pipefail
cd "$(dirname "$0")"
secs="${1:-300}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cargo +nightly fuzz list)
fi
if [ ! -d corpus ]; then
  cargo run -q -p pidkit-fuzz-targets --example seed_corpora --manifest-path ../Cargo.toml
fi
mkdir -p logs
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t"
  dirs=("corpus/$t")
  [ -d "regressions/$t" ] && dirs+=("regressions/$t")
  # -timeout: an input that takes 10 s is a finding (the hangs of issue 11 were quadratic time).
  cargo +nightly fuzz run "$t" "${dirs[@]}" -- \
    -max_total_time="$secs" -timeout=10 -print_final_stats=1 >"logs/$t.log" 2>&1
  status=$?
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "logs/$t.log" | grep -o '[0-9]*$' | tail -1)
  printf '%-12s %5ss %12s execs  exit %s\n' "$t" "$secs" "${execs:-?}" "$status"
done
