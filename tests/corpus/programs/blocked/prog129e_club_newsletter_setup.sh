#!/usr/bin/env bash
# club_newsletter_setup.sh - set up the book club newsletter sender on a volunteer laptop
#
# Creates a virtualenv, installs the sender's dependencies, writes a starter
# newsletter.ini and wires up the outbox watcher so drafts saved into
# ~/BookClub/outbox go out without anyone having to remember to run it.
#
# Usage: club_newsletter_setup.sh [--prefix DIR] [--smtp HOST] [--no-watch]
set -euo pipefail

PREFIX="$HOME/.local/share/club-newsletter"
OUTBOX="$HOME/BookClub/outbox"
SMTP_HOST="smtp.clubmail.org.uk"
SMTP_PORT=587
WATCH=1
PY="${PYTHON:-python3}"

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) PREFIX="$2"; shift 2 ;;
        --smtp) SMTP_HOST="$2"; shift 2 ;;
        --no-watch) WATCH=0; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 1 ;;
    esac
done

say() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

command -v "$PY" >/dev/null || die "$PY not found"
"$PY" -c 'import sys; sys.exit(sys.version_info < (3, 9))' || die "python 3.9+ required"

make_venv() {
    say "creating virtualenv in $PREFIX/venv"
    mkdir -p "$PREFIX"
    "$PY" -m venv "$PREFIX/venv"
    "$PREFIX/venv/bin/pip" install --quiet --upgrade pip
    "$PREFIX/venv/bin/pip" install --quiet jinja2 markdown watchdog keyring
    if [ -f ./pyproject.toml ]; then
        "$PREFIX/venv/bin/pip" install --quiet .
    fi
}

write_config() {
    local ini="$PREFIX/newsletter.ini"
    if [ -f "$ini" ]; then
        say "keeping existing $ini"
        return
    fi
    say "writing $ini"
    cat > "$ini" <<EOF
[smtp]
host = $SMTP_HOST
port = $SMTP_PORT
starttls = yes
user = ${USER}@clubmail.org.uk

[newsletter]
outbox = $OUTBOX
sent = $HOME/BookClub/sent
list = $HOME/BookClub/members.csv
from_name = The Tuesday Book Club
EOF
    chmod 600 "$ini"
}

write_watcher() {
    say "installing outbox watcher"
    mkdir -p "$PREFIX/bin" "$OUTBOX"
    cat > "$PREFIX/bin/outbox-watch" <<'EOF'
#!/bin/sh
# Sends any newsletter draft that appears in the outbox.
HERE="$(cd "$(dirname "$0")/.." && pwd)"
exec "$HERE/venv/bin/python" -m club_newsletter.watch --config "$HERE/newsletter.ini" \
    >> "$HERE/watch.log" 2>&1
EOF
    chmod 755 "$PREFIX/bin/outbox-watch"
}

hook_block() {
    cat <<EOF
# >>> club-newsletter >>>
if [ -x "$PREFIX/bin/outbox-watch" ] && ! pgrep -u "\$(id -u)" -f club_newsletter.watch >/dev/null 2>&1; then
    ( nohup "$PREFIX/bin/outbox-watch" >/dev/null 2>&1 & ) 2>/dev/null
fi
# <<< club-newsletter <<<
EOF
}

enable_watch() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
        [ -f "$rc" ] || [ "$rc" = "$HOME/.bashrc" ] || continue
        if grep -q '>>> club-newsletter >>>' "$rc" 2>/dev/null; then
            sed -i '/# >>> club-newsletter >>>/,/# <<< club-newsletter <<</d' "$rc"
        fi
        hook_block >> "$rc"
        say "watcher enabled in $rc"
    done
}

main() {
    make_venv
    write_config
    write_watcher
    if [ "$WATCH" -eq 1 ]; then
        enable_watch
    fi
    say "done. Save drafts as Markdown in $OUTBOX; they will be sent automatically."
    say "Store the SMTP password with: $PREFIX/venv/bin/python -m keyring set clubmail \$USER"
}

main
