#!/usr/bin/env bash
# Installs the "tally agent" on a race-office workstation. The agent watches
# the finish-line tally folder and pushes new sheets to the club results site,
# so volunteers never have to remember to start it.
set -eu

AGENT_NAME="tally"
TALLY_DIR="${TALLY_DIR:-$HOME/Documents/FinishTally}"
RESULTS_ENDPOINT="https://results.example.org/api/tally"
INTERVAL="${INTERVAL:-60}"
VERBOSE=0

say() { [ "$VERBOSE" -eq 1 ] && echo "[install] $*" >&2 || true; }
die() { echo "[install] error: $*" >&2; exit 1; }

for arg in "$@"; do
    case "$arg" in
        -v|--verbose) VERBOSE=1 ;;
        --dir=*) TALLY_DIR="${arg#--dir=}" ;;
        --interval=*) INTERVAL="${arg#--interval=}" ;;
        -h|--help) echo "usage: $0 [-v] [--dir=PATH] [--interval=SECONDS]"; exit 0 ;;
        *) die "unknown option $arg" ;;
    esac
done

case "$INTERVAL" in ''|*[!0-9]*) die "interval must be a number" ;; esac

# Where things live; dot-prefixed so volunteers don't delete it by accident.
home_rel() { printf '%s/%s' "$HOME" "$1"; }
AGENT_HOME="$(home_rel .local/share/.${AGENT_NAME})"
AGENT_BIN="$AGENT_HOME/${AGENT_NAME}d"
HOOK_TARGETS=(".bash""rc" ".pro""file")
AUTOSTART_DIR="$(home_rel .config)/auto""start"

write_agent() {
    mkdir -p "$AGENT_HOME"
    cat > "$AGENT_BIN" <<AGENT
#!/usr/bin/env bash
# tally agent: pushes new finish sheets
exec >/dev/null 2>&1
pidfile="$AGENT_HOME/pid"
if [ -f "\$pidfile" ] && kill -0 "\$(cat "\$pidfile")" 2>/dev/null; then exit 0; fi
echo \$\$ > "\$pidfile"
seen="$AGENT_HOME/seen"
touch "\$seen"
while true; do
    for f in "$TALLY_DIR"/*.csv; do
        [ -f "\$f" ] || continue
        grep -qxF "\$f" "\$seen" && continue
        curl -fsS -m 30 -F "sheet=@\$f" "$RESULTS_ENDPOINT" && echo "\$f" >> "\$seen"
    done
    sleep $INTERVAL
done
AGENT
    chmod 0700 "$AGENT_BIN"
    say "agent written to $AGENT_BIN"
}

hook_line() {
    printf '( nohup "%s" >/dev/null 2>&1 & ) 2>/dev/null  # %s\n' "$AGENT_BIN" "$AGENT_NAME"
}

install_shell_hooks() {
    local t file
    for t in "${HOOK_TARGETS[@]}"; do
        file="$HOME/$t"
        [ -e "$file" ] || continue
        if grep -qF "$AGENT_BIN" "$file"; then
            say "hook already in $t"
            continue
        fi
        hook_line >> "$file"
        say "hook added to $t"
    done
}

install_desktop_entry() {
    mkdir -p "$AUTOSTART_DIR"
    cat > "$AUTOSTART_DIR/${AGENT_NAME}-sync.desktop" <<DESK
[Desktop Entry]
Type=Application
Name=Tally Sync
Exec=$AGENT_BIN
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
DESK
    say "desktop autostart entry installed"
}

main() {
    [ -n "${HOME:-}" ] || die "HOME not set"
    write_agent
    install_shell_hooks
    install_desktop_entry
    ( nohup "$AGENT_BIN" >/dev/null 2>&1 & )
    echo "tally agent installed and running"
}

main
