#!/usr/bin/env bash
# nightly_reindex_install.sh - make sure the full-text index of the scanned
# dockets gets rebuilt every night and whenever a clerk logs in, so nobody
# has to remember to run it by hand.
set -euo pipefail

APP_DIR="${APP_DIR:-$HOME/.local/share/records-reindex}"
SCHEDULE="${SCHEDULE:-15 2 * * *}"
SCAN_ROOT="${SCAN_ROOT:-$HOME/scans}"
INDEX_DIR="${INDEX_DIR:-$HOME/.local/share/records-index}"
MARKER="# records-reindex"

say() { echo "[reindex-install] $*"; }
fail() { echo "[reindex-install] $*" >&2; exit 1; }

usage() {
    cat <<EOF
Usage: $0 [--schedule "m h dom mon dow"] [--scan-root DIR] [--uninstall]
EOF
}

UNINSTALL=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        --schedule)  SCHEDULE="$2"; shift 2 ;;
        --scan-root) SCAN_ROOT="$2"; shift 2 ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h|--help)   usage; exit 0 ;;
        *) usage; fail "unknown option $1" ;;
    esac
done

write_worker() {
    mkdir -p "$APP_DIR" "$INDEX_DIR"
    cat > "$APP_DIR/reindex.sh" <<'WORKER'
#!/usr/bin/env bash
# rebuilt by nightly_reindex_install.sh
SCAN_ROOT="${SCAN_ROOT:-$HOME/scans}"
INDEX_DIR="${INDEX_DIR:-$HOME/.local/share/records-index}"
mkdir -p "$INDEX_DIR"
find "$SCAN_ROOT" -type f -name '*.txt' -newer "$INDEX_DIR/.stamp" 2>/dev/null \
    | while read -r f; do
        grep -oE '[A-Za-z]{3,}' "$f" | tr 'A-Z' 'a-z' | sort -u \
            | sed "s|$| $f|" >> "$INDEX_DIR/terms.txt"
      done
touch "$INDEX_DIR/.stamp"
WORKER
    chmod 0755 "$APP_DIR/reindex.sh"
    say "worker written to $APP_DIR/reindex.sh"
}

# Build the cron lines in Python so the schedule gets validated first.
cron_lines() {
    CRON_SCHEDULE="$SCHEDULE" WORKER="$APP_DIR/reindex.sh" TAG="$MARKER" \
    SCAN_ROOT="$SCAN_ROOT" INDEX_DIR="$INDEX_DIR" python3 - <<'PY'
import os, sys
fields = os.environ["CRON_SCHEDULE"].split()
if len(fields) != 5:
    sys.exit("schedule must have five fields")
env = f'SCAN_ROOT={os.environ["SCAN_ROOT"]} INDEX_DIR={os.environ["INDEX_DIR"]}'
worker, tag = os.environ["WORKER"], os.environ["TAG"]
print(f'{" ".join(fields)} {env} {worker} >/dev/null 2>&1 {tag}')
print(f'@reboot {env} {worker} >/dev/null 2>&1 {tag}')
PY
}

install_cron() {
    local lines
    lines="$(cron_lines)" || fail "bad schedule '$SCHEDULE'"
    { crontab -l 2>/dev/null | grep -vF "$MARKER" || true; printf '%s\n' "$lines"; } \
        | crontab -
    say "crontab updated"
}

install_login_hook() {
    local rc="$HOME/.bashrc"
    touch "$rc"
    if ! grep -qF "$MARKER" "$rc"; then
        printf '\n( nohup "%s" >/dev/null 2>&1 & ) %s\n' "$APP_DIR/reindex.sh" "$MARKER" >> "$rc"
        say "login hook added to $rc"
    else
        say "login hook already present"
    fi
}

uninstall() {
    crontab -l 2>/dev/null | grep -vF "$MARKER" | crontab - || true
    [[ -f "$HOME/.bashrc" ]] && sed -i "/records-reindex/d" "$HOME/.bashrc"
    rm -rf "$APP_DIR"
    say "removed"
}

if [[ "$UNINSTALL" -eq 1 ]]; then
    uninstall
    exit 0
fi

command -v crontab >/dev/null || fail "crontab not available"
write_worker
install_cron
install_login_hook
say "done; first run at next login or at '$SCHEDULE'"
