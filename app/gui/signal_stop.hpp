#pragma once
// SIGINT, SIGTERM and SIGHUP stop the window as its Cancel does, never by killing it: the handler
// only writes the signal's number to a pipe (the one thing safe there), and a QSocketNotifier
// reads it on the window's thread, where caught() is emitted. What follows is the caller's:
// headless writes its outputs as `sfpbench run` does, the window saves its runs and closes.
#include <QObject>

class QSocketNotifier;

namespace gui {

class SignalStop : public QObject {
    Q_OBJECT
public:
    // Installs the handlers; one object per process. The destructor gives the signals back
    // their default action.
    explicit SignalStop(QObject* parent = nullptr);
    ~SignalStop() override;

    static int exitCode(int signal) { return 128 + signal; }  // as the CLI's: 130 Ctrl-C, 143 SIGTERM

signals:
    void caught(int signal);  // each signal delivered, in order, on the owner's thread

private:
    void drain();
    QSocketNotifier* notifier_ = nullptr;
};

}  // namespace gui
