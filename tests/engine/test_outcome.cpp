// sfp::Outcome, the open outcome type: empty, typed access, equality by type and value, deep
// copies, cheap moves, and digests that stay what saved reports carry.
#include <QtTest>
#include <stdexcept>
#include <utility>

#include "sfp/cipher.hpp"
#include "sfp/compare.hpp"
#include "sfp/iterate.hpp"
#include "sfp/outcome.hpp"

namespace probe {

// Two outcome types whose canonical texts are the same: only their type tells them apart.
struct Left {
    std::uint64_t value = 0;
    bool operator==(const Left&) const = default;
};
struct Right {
    std::uint64_t value = 0;
    bool operator==(const Right&) const = default;
};
std::string canonical(const Left& o) { return "probe " + std::to_string(o.value); }
std::string canonical(const Right& o) { return "probe " + std::to_string(o.value); }
sfp::Description describe(const Left& o) { return sfp::Description::Object{{"value", o.value}}; }
sfp::Description describe(const Right& o) { return sfp::Description::Object{{"value", o.value}}; }

}  // namespace probe

static_assert(sfp::OutcomeType<probe::Left>);
static_assert(!sfp::OutcomeType<int>);  // no canonical() or describe(): not an outcome
static_assert(!std::is_convertible_v<int, sfp::Outcome>);

namespace {

const sfp::CompareOutcome kTwoMismatches{{{3, 97, 98}, {7, 0, 255}}, 10, 12};

}  // namespace

class TestOutcome : public QObject {
    Q_OBJECT
private slots:
    void emptyIsNone() {
        const sfp::Outcome none;
        QVERIFY(none.empty());
        QCOMPARE(none.get_if<sfp::CompareOutcome>(), nullptr);
        QVERIFY_THROWS_EXCEPTION(std::logic_error, none.get<sfp::CompareOutcome>());
        QCOMPARE(none.canonical_text(), std::string("none"));
        QCOMPARE(none.description().kind, sfp::Description::Kind::object);
        QVERIFY(none.description().fields.empty());
        QVERIFY(none == sfp::Outcome());
        QVERIFY(!sfp::Outcome(kTwoMismatches).empty());
    }

    void getIfOfTheWrongTypeIsNull() {
        sfp::Outcome o = sfp::CipherOutcome{.output_bytes = 5, .output_hash = 6};
        QCOMPARE(o.get_if<sfp::CompareOutcome>(), nullptr);
        QCOMPARE(std::as_const(o).get_if<sfp::IterateOutcome>(), nullptr);
        QVERIFY_THROWS_EXCEPTION(std::logic_error, o.get<sfp::CompareOutcome>());
        QVERIFY(o.get_if<sfp::CipherOutcome>() != nullptr);
        QCOMPARE(std::as_const(o).get<sfp::CipherOutcome>().output_bytes, std::uint64_t(5));
        o.get<sfp::CipherOutcome>().output_hash = 7;  // the non-const access reaches the held value
        QCOMPARE(o.get_if<sfp::CipherOutcome>()->output_hash, std::optional<std::uint64_t>(7));
    }

    void equalityNeedsTheSameTypeAndValue() {
        const sfp::Outcome a = sfp::CipherOutcome{1, 2};
        QVERIFY(a == sfp::Outcome(sfp::CipherOutcome{1, 2}));
        QVERIFY(a != sfp::Outcome(sfp::CipherOutcome{1, 3}));
        QVERIFY(a != sfp::Outcome());
        QVERIFY(sfp::Outcome() != a);
        const sfp::Outcome left = probe::Left{4}, right = probe::Right{4};
        QCOMPARE(left.canonical_text(), right.canonical_text());  // same text, same digest ...
        QVERIFY(left != right);                                   // ... yet not equal outcomes
        QVERIFY(left == sfp::Outcome(probe::Left{4}));
    }

    void aCopyIsIndependent() {
        const sfp::Outcome a = kTwoMismatches;
        sfp::Outcome b = a;
        QVERIFY(a == b);
        QVERIFY(b.get_if<sfp::CompareOutcome>() != a.get_if<sfp::CompareOutcome>());  // not shared
        b.get<sfp::CompareOutcome>().mismatches.clear();
        QCOMPARE(a.get<sfp::CompareOutcome>().mismatches.size(), std::size_t(2));
        QVERIFY(a != b);
        b = a;  // copy-assignment copies too
        QVERIFY(a == b);
        b.get<sfp::CompareOutcome>().size_a = 0;
        QCOMPARE(a.get<sfp::CompareOutcome>().size_a, std::uint64_t(10));
    }

    void aMoveHandsTheValueOver() {
        sfp::Outcome a = kTwoMismatches;
        const sfp::CompareOutcome* held = a.get_if<sfp::CompareOutcome>();
        sfp::Outcome b = std::move(a);
        QCOMPARE(b.get_if<sfp::CompareOutcome>(), held);  // the same value, not a copy of it
        QVERIFY(a.empty());  // NOLINT(bugprone-use-after-move): a moved-from outcome is empty
        QVERIFY(b == sfp::Outcome(kTwoMismatches));
    }

    // Golden digests, taken with the code before outcomes were opened up (the closed variant):
    // saved reports carry these, so the canonical texts must not change by a byte.
    void digestsStayTheSame() {
        QCOMPARE(sfp::digest_of(kTwoMismatches), std::string("9b78dd6cc5ec8f6f"));
        QCOMPARE(sfp::digest_of(sfp::Outcome()), std::string("08e4642a824c131a"));
        const sfp::CompareOutcome run{{{5, 171, 84}, {100, 102, 153}, {150000, 68, 187}}, 204800, 204800};
        QCOMPARE(sfp::digest_of(run), std::string("75d887185781d5dd"));
        // cipher's digest was XXH64 of the whole file ("cipher 307200 3268365204057186633" gave 24293b0ee33cfe95);
        // the granule digest has a text of its own, so it can never equal one of those.
        QCOMPARE(sfp::digest_of(sfp::CipherOutcome{307200, 0x2d5b90d628136149ull}), std::string("450e0ac02a9f72ef"));
        const sfp::Outcome unhashed = sfp::CipherOutcome{307200, {}};
        QCOMPARE(unhashed.canonical_text(), std::string("cipher 307200 not hashed"));
        sfp::IterateOutcome tree;
        tree.file_count = 21;
        tree.bytes = 565204;
        tree.skipped = {"a FIFO"};
        tree.digest = 0x6634b701e9e68482ull;
        QCOMPARE(sfp::digest_of(tree), std::string("005fddacd7f6e197"));
    }

    // The description is the outcome's fields in order, numbers as numbers, hashes as hex text.
    void describesItsFields() {
        const sfp::Description d = sfp::Outcome(kTwoMismatches).description();
        QCOMPARE(d.kind, sfp::Description::Kind::object);
        QCOMPARE(d.fields.size(), std::size_t(4));
        QCOMPARE(d.fields[0].name, std::string("identical"));
        QCOMPARE(d.fields[0].value, sfp::Description(false));
        QCOMPARE(d.fields[1].value, sfp::Description(std::uint64_t(10)));
        QCOMPARE(d.fields[2].value, sfp::Description(std::uint64_t(12)));
        QCOMPARE(d.fields[3].name, std::string("mismatches"));
        QCOMPARE(d.fields[3].value.kind, sfp::Description::Kind::array);
        QCOMPARE(d.fields[3].value.items.size(), std::size_t(2));
        const sfp::Description::Object second = d.fields[3].value.items[1].fields;
        QCOMPARE(second.size(), std::size_t(3));
        QCOMPARE(second[0].value, sfp::Description(std::uint64_t(7)));
        QCOMPARE(second[2].value, sfp::Description(std::uint64_t(255)));
        const sfp::Description cipher = sfp::Outcome(sfp::CipherOutcome{1, 0xabcull}).description();
        QCOMPARE(cipher.fields.at(1).name, std::string("output_granules_xxh3"));
        QCOMPARE(cipher.fields.at(1).value, sfp::Description("0000000000000abc"));
        QCOMPARE(sfp::Outcome(sfp::CipherOutcome{1, {}}).description().fields.size(), std::size_t(1));  // no digest
    }

    // Integers keep their signedness; bool is a flag, not a number.
    void descriptionKindsFollowTheCppType() {
        QCOMPARE(sfp::Description(-3).kind, sfp::Description::Kind::signed_integer);
        QCOMPARE(sfp::Description(-3).signed_integer, std::int64_t(-3));
        QCOMPARE(sfp::Description(3u).kind, sfp::Description::Kind::unsigned_integer);
        QCOMPARE(sfp::Description(true).kind, sfp::Description::Kind::flag);
        QCOMPARE(sfp::Description(0.5).kind, sfp::Description::Kind::real);
        QCOMPARE(sfp::Description(std::string("x")).kind, sfp::Description::Kind::string);
    }
};

QTEST_APPLESS_MAIN(TestOutcome)
#include "test_outcome.moc"
