// The second coverage round (issue 14): rubric families whose rows showed
// fewer spellings than the family has, closed as data or as one mechanism
// each (docs/assessment-coverage.md, "Second pass"). Every malicious use has
// a benign neighbour that must stay where the rubric puts it. Strings here
// are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

}  // namespace
}  // namespace mai::assess::test
