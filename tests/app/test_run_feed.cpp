// core::RunFeed, the hand-over of finished runs from the runner's thread to the window's: taken
// while a producer thread is still appending, every run arrives once and in order; of the
// starts only the latest is kept; a take leaves the feed empty.
#include <QtTest>
#include <thread>

#include "run_feed.hpp"

namespace {

sfp::RunUpdate update(std::size_t index) {
    sfp::RunUpdate u;
    u.index = index;
    u.record.repetition = unsigned(index + 1);
    return u;
}

}  // namespace

class TestRunFeed : public QObject {
    Q_OBJECT
private slots:
    void takesEverythingOnceInOrderWhileTheProducerRuns() {
        constexpr std::size_t kRuns = 20000;
        core::RunFeed feed;
        std::thread producer([&] {
            for (std::size_t i = 0; i < kRuns; ++i) feed.finished(update(i));
        });
        std::vector<std::size_t> got;
        std::size_t takes = 0;
        while (got.size() < kRuns) {  // the producer runs on: takes see parts of the stream
            for (const sfp::RunUpdate& u : feed.take().finished) {
                QCOMPARE(u.record.repetition, unsigned(u.index + 1));  // moved in whole
                got.push_back(u.index);
            }
            ++takes;
        }
        producer.join();
        QVERIFY(feed.take().finished.empty());  // nothing left, nothing twice
        for (std::size_t i = 0; i < kRuns; ++i) QCOMPARE(got[i], i);
        qInfo("%zu runs in %zu takes (reported, not asserted)", kRuns, takes);
    }

    void keepsOnlyTheLatestStart() {
        core::RunFeed feed;
        QVERIFY(!feed.take().current);
        sfp::Cell read, mmap;
        read.strategy = "read";
        mmap.strategy = "mmap";
        feed.started(read, 1, 0, 4);
        feed.finished(update(0));
        feed.started(mmap, 2, 1, 4);
        core::RunFeed::Batch batch = feed.take();
        QVERIFY(batch.current);
        QCOMPARE(batch.current->cell.strategy, std::string("mmap"));
        QCOMPARE(batch.current->repetition, 2u);
        QCOMPARE(batch.current->index, std::size_t(1));
        QCOMPARE(batch.current->total, std::size_t(4));
        QCOMPARE(batch.finished.size(), std::size_t(1));
        batch = feed.take();
        QVERIFY(!batch.current);
        QVERIFY(batch.finished.empty());
    }
};

QTEST_GUILESS_MAIN(TestRunFeed)
#include "test_run_feed.moc"
