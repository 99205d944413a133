import { useEffect } from 'react';

type RequestClose = (close: () => void) => void;

/** What the media editor gives each tab: the Sunday, and a way to hand up its unsaved-changes guard. */
export interface TabProps {
  sundayDate: string;
  registerGuard: (requestClose: RequestClose) => void;
}

/** Hands the tab's guard to the editor while the tab is mounted; once it is gone, closing needs no question. */
export function useRegisterGuard(registerGuard: TabProps['registerGuard'], requestClose: RequestClose) {
  useEffect(() => {
    registerGuard(requestClose);
    return () => registerGuard((close) => close());
  }, [registerGuard, requestClose]);
}
