#pragma once
// How the inputs' page cache is prepared before the runs of an experiment. Qt-free.

namespace sfp {

// hot: every input evicted, then read once sequentially before the runs (the state of a file read
// from disk); hot_written: generated data written just before the runs, in the state write()
// leaves; cold: evicted before every run. In both hot modes the inputs are read before each run.
enum class CacheMode { hot, cold, hot_written };
const char* to_string(CacheMode m) noexcept;

}  // namespace sfp
