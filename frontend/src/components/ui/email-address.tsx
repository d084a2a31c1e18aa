import { Fragment } from 'react';

/**
 * An e-mail address that wraps, where it must, only before the '@' or a dot: never in the
 * middle of a name (a narrow phone would otherwise split 'sanne.devries' anywhere).
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=[.@])/);
  return (
    <span className={className}>
      {parts.map((part, index) => (
        // The parts of one address never change order: the position is the identity.
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
