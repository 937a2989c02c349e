#!/bin/sh
# gate_counter_setup.sh - install the visitor gate counter collector
#
# Installs the collector into ~/.local/share/gatecount, creates its config
# from the template in this directory and makes sure the collector is running
# whenever the gate office PC is logged in, so the counts keep flowing even
# after the overnight reboot.
#
#   ./gate_counter_setup.sh [--gates north,south,lakeside] [--interval 60]

set -eu

PREFIX="${GATECOUNT_PREFIX:-$HOME/.local/share/gatecount}"
GATES="north,south,lakeside,coach"
INTERVAL=60
HERE=$(cd "$(dirname "$0")" && pwd)

say() { echo "[gatecount] $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --gates) GATES="$2"; shift 2 ;;
        --interval) INTERVAL="$2"; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

install_files() {
    mkdir -p "$PREFIX/bin" "$PREFIX/data" "$PREFIX/log"
    for f in collect.py gates.py; do
        if [ ! -f "$HERE/$f" ]; then
            echo "missing $HERE/$f - run from the unpacked release" >&2
            exit 1
        fi
        cp "$HERE/$f" "$PREFIX/bin/"
    done
    cat > "$PREFIX/bin/collect.sh" <<EOF
#!/bin/sh
cd "$PREFIX" || exit 1
exec python3 bin/collect.py --config gatecount.conf >> log/collect.log 2>&1
EOF
    chmod 0755 "$PREFIX/bin/collect.sh"
}

write_config() {
    conf="$PREFIX/gatecount.conf"
    if [ -f "$conf" ]; then
        say "keeping existing $conf"
        return
    fi
    sed -e "s/@GATES@/$GATES/" -e "s/@INTERVAL@/$INTERVAL/" \
        "$HERE/gatecount.conf.in" > "$conf"
    chmod 0600 "$conf"
    say "wrote $conf"
}

login_hook() {
    marker="# >>> gatecount >>>"
    hook=$(printf '%s\n%s\n%s\n' \
        "$marker" \
        "( pgrep -u \"\$(id -u)\" -f gatecount/bin/collect >/dev/null 2>&1 || nohup \"$PREFIX/bin/collect.sh\" >/dev/null 2>&1 & ) 2>/dev/null" \
        "# <<< gatecount <<<")
    for rc in "$HOME/.profile" "$HOME/.bashrc" "$HOME/.zshrc"; do
        [ -f "$rc" ] || continue
        if grep -qF "$marker" "$rc"; then
            continue
        fi
        printf '\n%s\n' "$hook" >> "$rc"
        say "start hook added to $rc"
    done
}

start_now() {
    if pgrep -u "$(id -u)" -f gatecount/bin/collect >/dev/null 2>&1; then
        say "collector already running"
    else
        nohup "$PREFIX/bin/collect.sh" >/dev/null 2>&1 &
        say "collector started (pid $!)"
    fi
}

install_files
write_config
login_hook
start_now
say "done - counts will appear in $PREFIX/data"
