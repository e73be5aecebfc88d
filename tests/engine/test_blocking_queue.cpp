// The bounded queue between a run's threads (engine/src/blocking_queue.hpp): every item arrives
// once, and no waiter -- a consumer on an empty queue or a producer on a full one -- sleeps
// through a cancel or a failing partner. Run under TSan in CI (make test-tsan). A broken wake-up
// shows as a run that never joins; a watchdog turns that into a failure instead of a hang.
#include <QtTest>

#include <atomic>
#include <future>
#include <numeric>
#include <stdexcept>

#include "blocking_queue.hpp"
#include "sfp/progress.hpp"
#include "sfp/run_context.hpp"

namespace {

constexpr auto kWatchdog = std::chrono::seconds(30);  // not a speed claim: only "it ended"

// Runs the threads on their own thread; false when they have not all joined by the watchdog.
bool joins(const std::function<void()>& run) {
    std::future<void> done = std::async(std::launch::async, run);
    if (done.wait_for(kWatchdog) != std::future_status::ready) return false;
    done.get();
    return true;
}

void wait_until(const std::atomic<int>& counter, int value) {
    while (counter.load() < value) std::this_thread::yield();
}

}  // namespace

class TestBlockingQueue : public QObject {
    Q_OBJECT
private slots:
    void closeDeliversEveryItemOnce() {
        sfp::Progress progress;
        sfp::RunContext ctx(progress);
        sfp::BlockingQueue<int> queue(3, [&] { return ctx.should_stop(); });
        constexpr int kItems = 1000;
        std::atomic<long> sum{0};
        std::atomic<int> count{0}, refused{0};
        ctx.run_threads(5, [&](unsigned index) {
            if (index == 0) {
                for (int i = 1; i <= kItems; ++i) refused += !queue.push(i);
                queue.close();
                return;
            }
            while (std::optional<int> item = queue.pop()) {
                sum += *item;
                ++count;
            }
        });
        QCOMPARE(refused.load(), 0);
        QCOMPARE(count.load(), kItems);
        QCOMPARE(sum.load(), long(kItems) * (kItems + 1) / 2);
        QVERIFY(!queue.push(1));  // closed: refused
    }

    // Consumers wait on an empty queue and producers on a full one; a cancel wakes them all.
    void cancelWakesEveryWaiter() {
        sfp::Progress progress;
        sfp::RunContext ctx(progress);
        sfp::BlockingQueue<int> empty(1, [&] { return ctx.should_stop(); });
        sfp::BlockingQueue<int> full(1, [&] { return ctx.should_stop(); });
        QVERIFY(full.push(0));
        std::atomic<int> waiting{0}, popped_nothing{0}, refused{0};
        constexpr int kConsumers = 3, kProducers = 2;
        std::thread canceller([&] {
            wait_until(waiting, kConsumers + kProducers);
            progress.cancel = true;
        });
        const bool joined = joins([&] {
            ctx.run_threads(kConsumers + kProducers, [&](unsigned index) {
                ++waiting;
                if (index < kConsumers)
                    popped_nothing += !empty.pop().has_value();
                else
                    refused += !full.push(1);
            });
        });
        canceller.join();
        QVERIFY2(joined, "a waiter slept through the cancel");
        QCOMPARE(popped_nothing.load(), kConsumers);
        QCOMPARE(refused.load(), kProducers);
    }

    // The producer fails after a few items: the consumers must not wait for the rest.
    void throwingProducerWakesTheConsumers() {
        sfp::Progress progress;
        sfp::RunContext ctx(progress);
        sfp::BlockingQueue<int> queue(2, [&] { return ctx.should_stop(); });
        std::atomic<int> ended{0}, received{0};
        constexpr unsigned kConsumers = 4;
        bool rethrown = false;
        const bool joined = joins([&] {
            try {
                ctx.run_threads(kConsumers + 1, [&](unsigned index) {
                    if (index == 0) {
                        for (int i = 0; i < 2; ++i) queue.push(i);
                        throw std::runtime_error("reader failed");
                    }
                    while (queue.pop()) ++received;
                    ++ended;
                });
            } catch (const std::runtime_error& e) {
                rethrown = std::string(e.what()) == "reader failed";
            }
        });
        QVERIFY2(joined, "a consumer slept through the producer's failure");
        QVERIFY(rethrown);
        QCOMPARE(ended.load(), int(kConsumers));
        QVERIFY(received.load() <= 2);  // what was sent before the failure, at most
    }

    // A consumer fails while the producer waits on a full queue: the producer is released.
    void failingConsumerReleasesTheProducer() {
        sfp::Progress progress;
        sfp::RunContext ctx(progress);
        sfp::BlockingQueue<int> queue(1, [&] { return ctx.should_stop(); });
        std::atomic<bool> producer_refused{false};
        bool rethrown = false;
        const bool joined = joins([&] {
            try {
                ctx.run_threads(2, [&](unsigned index) {
                    if (index == 1) throw std::runtime_error("processor failed");
                    for (int i = 0;; ++i)
                        if (!queue.push(i)) break;  // nobody consumes: it fills, then waits
                    producer_refused = true;
                });
            } catch (const std::runtime_error&) {
                rethrown = true;
            }
        });
        QVERIFY2(joined, "the producer slept through the consumer's failure");
        QVERIFY(rethrown);
        QVERIFY(producer_refused.load());
    }
};

QTEST_GUILESS_MAIN(TestBlockingQueue)
#include "test_blocking_queue.moc"
