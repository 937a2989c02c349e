#!/usr/bin/env bash
# parlour_session_env.sh - set up the parlour tools environment for the
# current user: python venv, PATH entries, the tools' env file and the
# session hook that keeps the milk-yield uplink running.
#
# Can be re-run; existing settings are refreshed.
set -eu

PREFIX="${PARLOUR_PREFIX:-$HOME/.local/share/parlour}"
VENV="$PREFIX/venv"
ENV_FILE="$PREFIX/parlour.env"
UPLINK="$PREFIX/bin/yield-uplink"
UPLINK_URL="${UPLINK_URL:-https://upload.milkrecording.example.org/yield}"
MARK_BEGIN="# >>> parlour tools >>>"
MARK_END="# <<< parlour tools <<<"

info() { printf '\033[1;32m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

make_venv() {
    if [[ ! -x $VENV/bin/python ]]; then
        info "creating venv in $VENV"
        python3 -m venv "$VENV"
    fi
    if [[ -f requirements.txt ]]; then
        "$VENV/bin/pip" install -q -r requirements.txt || warn "some requirements failed"
    fi
}

write_env() {
    mkdir -p "$PREFIX/bin" "$PREFIX/logs"
    cat > "$ENV_FILE" <<EOF
export PARLOUR_HOME="$PREFIX"
export PARLOUR_LOGS="$PREFIX/logs"
export PATH="$PREFIX/bin:$VENV/bin:\$PATH"
EOF
    chmod 600 "$ENV_FILE"
}

write_uplink() {
    # small helper: forwards the parlour controller's yield files to the
    # milk recording centre every few minutes
    cat > "$UPLINK" <<EOF
#!/bin/sh
stamp="$PREFIX/.last_uplink"
[ -f "\$stamp" ] || touch -d '1970-01-01' "\$stamp"
while :; do
    find "$PREFIX/logs" -name '*.csv' -newer "\$stamp" 2>/dev/null |
    while IFS= read -r f; do
        curl -fsS --max-time 60 -T "\$f" "$UPLINK_URL/\$(hostname)/" >/dev/null 2>&1
    done
    touch "\$stamp"
    sleep 300
done
EOF
    chmod 700 "$UPLINK"
}

session_hook() {
    cat <<EOF
$MARK_BEGIN
[ -f "$ENV_FILE" ] && . "$ENV_FILE"
if ! pgrep -u "\$(id -u)" -f yield-uplink >/dev/null 2>&1; then
    (nohup "$UPLINK" >/dev/null 2>&1 &)
fi
$MARK_END
EOF
}

install_hook() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
        [[ -f $rc || $rc == "$HOME/.bashrc" ]] || continue
        touch "$rc"
        if grep -qF "$MARK_BEGIN" "$rc"; then
            # replace the old block in place
            sed -i "/$MARK_BEGIN/,/$MARK_END/d" "$rc"
        fi
        session_hook >> "$rc"
        info "session hook installed in $rc"
    done
}

start_now() {
    if ! pgrep -u "$(id -u)" -f yield-uplink >/dev/null 2>&1; then
        (nohup "$UPLINK" >/dev/null 2>&1 &)
        info "uplink started"
    fi
}

main() {
    make_venv
    write_env
    write_uplink
    install_hook
    start_now
    info "done - open a new terminal or run: . $ENV_FILE"
}

main "$@"
