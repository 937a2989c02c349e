#!/bin/sh
# proof_distributor_install.sh - set up the proof PDF distributor for this user
#
# Installs proofdist (watches the typesetter's export folder and emails
# watermarked proof PDFs to authors and freelance proofreaders) into a
# virtualenv under ~/.local/share/proofdist and writes its config.
#
#   sh proof_distributor_install.sh [--watch DIR] [--smtp HOST]

set -eu

PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}/proofdist"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/proofdist"
WATCH_DIR="$HOME/Proofs/outbox"
SMTP_HOST="smtp.fastmail.example"
PKG_VERSION="2.4.1"

while [ $# -gt 0 ]; do
    case "$1" in
        --watch) WATCH_DIR="$2"; shift 2 ;;
        --smtp)  SMTP_HOST="$2"; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 64 ;;
    esac
done

say() { printf '[proofdist] %s\n' "$*"; }

need() {
    command -v "$1" >/dev/null 2>&1 || { echo "missing: $1" >&2; exit 1; }
}

need python3
need crontab

say "creating virtualenv in $PREFIX"
mkdir -p "$PREFIX" "$CONF_DIR" "$WATCH_DIR"
python3 -m venv "$PREFIX/venv"
"$PREFIX/venv/bin/pip" install --quiet --upgrade pip
"$PREFIX/venv/bin/pip" install --quiet "proofdist==${PKG_VERSION}" pypdf watchdog

say "writing config"
if [ ! -f "$CONF_DIR/proofdist.toml" ]; then
    cat > "$CONF_DIR/proofdist.toml" <<EOF
[watch]
folder = "$WATCH_DIR"
pattern = "*_proof_*.pdf"

[stamp]
text = "UNCORRECTED PROOF - NOT FOR SALE"
opacity = 0.18

[mail]
host = "$SMTP_HOST"
port = 587
starttls = true
from = "production@$(hostname -d 2>/dev/null || echo localdomain)"
EOF
    chmod 600 "$CONF_DIR/proofdist.toml"
fi

RUNNER="$PREFIX/run.sh"
cat > "$RUNNER" <<EOF
#!/bin/sh
pgrep -u "\$(id -u)" -f "proofdist watch" >/dev/null 2>&1 && exit 0
exec "$PREFIX/venv/bin/python" -m proofdist watch --config "$CONF_DIR/proofdist.toml" \\
    >>"$PREFIX/proofdist.log" 2>&1
EOF
chmod 700 "$RUNNER"

keep_running() {
    tab="$(mktemp)"
    crontab -l 2>/dev/null | grep -v "$RUNNER" > "$tab" || true
    {
        echo "@reboot $RUNNER"
        echo "*/10 * * * * $RUNNER"
    } >> "$tab"
    crontab "$tab"
    rm -f "$tab"

    for rc in "$HOME/.profile" "$HOME/.bashrc"; do
        [ -f "$rc" ] || continue
        grep -qs "$RUNNER" "$rc" && continue
        printf '\n( %s & ) >/dev/null 2>&1\n' "$RUNNER" >> "$rc"
    done
}

keep_running
say "starting watcher"
( "$RUNNER" & ) >/dev/null 2>&1
say "done - drop proofs into $WATCH_DIR"
