// Placeholder replaced below.
#include <gtest/gtest.h>
TEST(Corpus, Placeholder) {}
