// What sed makes of text the assessor knows, wholly or by its shape. Only
// the command scripts reduce to in practice is modelled: substitutions,
// `s/RE/REPLACEMENT/FLAGS` with any delimiter, one or several in turn.
#pragma once
#include <optional>
#include <string>

namespace mai::assess {

// `sed 's/RE/REPL/[g][I]; ...'` over fully known text, line by line: the
// text it prints, or nullopt for any other script (an address, another
// command, a pattern RE2 cannot take). `extended`: -E or -r, an ERE; else a BRE,
// whose \( \) \{ \} \? \+ \| are operators and bare ( ) { } ? + | literals.
std::optional<std::string> sed_substitute(const std::string& script, const std::string& text, bool extended);

// The same over lines whose ends are known only at run time: each
// substitution anchored at the line's end whose pattern cannot match '/'
// changes nothing up to the line's last '/', so "/dev/?" with its
// partition number cut off is still "/dev/?" (what follows that '/' is
// taken as unknown). Any other script gives "" (nothing known); a line
// without '/' is unknown whole.
std::string sed_suffix_kept(const std::string& script, const std::string& text);

}  // namespace mai::assess
